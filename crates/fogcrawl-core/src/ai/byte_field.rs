//! A byte string in a saved record: written with `serialize_bytes`, which a
//! binary format copies in one piece (`postcard` writes a length and the
//! bytes) instead of one call per element as a `Vec<u8>` would take. The
//! per-cell arrays of a faction's knowledge are saved this way.

use std::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};

/// Borrowed bytes to write.
pub struct ByteField<'a>(pub &'a [u8]);

impl Serialize for ByteField<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(self.0)
    }
}

/// Bytes read back.
pub struct ByteBuf(pub Vec<u8>);

impl<'de> Deserialize<'de> for ByteBuf {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_byte_buf(ByteBufVisitor)
    }
}

struct ByteBufVisitor;

impl<'de> Visitor<'de> for ByteBufVisitor {
    type Value = ByteBuf;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a byte string")
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<ByteBuf, E> {
        Ok(ByteBuf(bytes.to_vec()))
    }

    fn visit_byte_buf<E: de::Error>(self, bytes: Vec<u8>) -> Result<ByteBuf, E> {
        Ok(ByteBuf(bytes))
    }

    /// Self-describing formats may hand the bytes over as a list.
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ByteBuf, A::Error> {
        let mut bytes = Vec::new();
        while let Some(byte) = seq.next_element()? {
            bytes.push(byte);
        }
        Ok(ByteBuf(bytes))
    }
}
