//! A byte string in a saved record: written with `serialize_bytes`, which a
//! binary format copies in one piece (`postcard` writes a length and the
//! bytes) instead of one call per element as a `Vec<u8>` would take. The
//! per-cell arrays of a faction's knowledge are saved this way.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};

/// Borrowed bytes to write.
pub(super) struct ByteField<'a>(pub &'a [u8]);

impl Serialize for ByteField<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(self.0)
    }
}

/// Bytes read back: borrowed from the save's decompressed buffer where
/// the format can lend them (postcard does), so a faction's 5 MB of
/// knowledge is read straight from it, not copied out first.
pub(super) struct ByteBuf<'de>(pub Cow<'de, [u8]>);

impl<'de: 'a, 'a> Deserialize<'de> for ByteBuf<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_bytes(ByteBufVisitor)
    }
}

struct ByteBufVisitor;

impl<'de> Visitor<'de> for ByteBufVisitor {
    type Value = ByteBuf<'de>;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a byte string")
    }

    fn visit_borrowed_bytes<E: de::Error>(self, bytes: &'de [u8]) -> Result<ByteBuf<'de>, E> {
        Ok(ByteBuf(Cow::Borrowed(bytes)))
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<ByteBuf<'de>, E> {
        Ok(ByteBuf(Cow::Owned(bytes.to_vec())))
    }

    fn visit_byte_buf<E: de::Error>(self, bytes: Vec<u8>) -> Result<ByteBuf<'de>, E> {
        Ok(ByteBuf(Cow::Owned(bytes)))
    }

    /// Self-describing formats may hand the bytes over as a list.
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ByteBuf<'de>, A::Error> {
        let mut bytes = Vec::new();
        while let Some(byte) = seq.next_element()? {
            bytes.push(byte);
        }
        Ok(ByteBuf(Cow::Owned(bytes)))
    }
}
