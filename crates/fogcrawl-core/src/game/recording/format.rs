//! The recording file: a fixed opening (a magic line and the format
//! version), then records, each `length (u32 LE) | CRC-32 (u32 LE) |
//! postcard payload`. The first record is the [`Header`], every other one
//! an [`Event`]. Records are appended as the game goes, so a crash or a
//! full disk leaves at worst a last record cut short, which the reader
//! reports as truncation and stops before.

use std::io::{Read, Write};
use std::path::Path;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::game::recording::event::{Event, Header};
use crate::game::recording::recording_error::RecordingError;

/// How every recording starts.
pub const MAGIC: &[u8] = b"fogcrawl recording\n";
/// The format this build writes and reads; bumped whenever the records'
/// meaning changes.
pub(crate) const FORMAT_VERSION: u16 = 1;
/// The longest record read: a resumed game's save is the biggest.
const MAX_RECORD_BYTES: usize = 64 << 20;
/// The biggest recording read.
pub(crate) const MAX_RECORDING_BYTES: u64 = 256 << 20;
/// Records up to this long are read into a buffer of their length at
/// once; longer claims are read as far as the file goes.
const SMALL_RECORD_BYTES: usize = 4096;
/// Bytes before each record's payload.
const RECORD_PREFIX: usize = 8;

/// The opening bytes: magic and format version.
pub(crate) fn opening() -> Vec<u8> {
    let mut bytes = MAGIC.to_vec();
    bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    bytes
}

/// Writes one record.
pub(crate) fn write_record(out: &mut impl Write, value: &impl Serialize) -> std::io::Result<()> {
    let payload = postcard::to_stdvec(value).map_err(std::io::Error::other)?;
    let length = u32::try_from(payload.len()).map_err(std::io::Error::other)?;
    let mut record = Vec::with_capacity(RECORD_PREFIX + payload.len());
    record.extend_from_slice(&length.to_le_bytes());
    record.extend_from_slice(&crc32fast::hash(&payload).to_le_bytes());
    record.extend_from_slice(&payload);
    // One write per record: a failure leaves at most this record partial.
    out.write_all(&record)
}

/// How a recording's events end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// After its last whole record.
    Complete,
    /// The last record is cut short.
    Truncated,
    /// Record `record` (1 is the first event) fails its checksum or cannot
    /// be decoded; the events before it are kept.
    Damaged { record: usize },
}

/// A recording as read: its header and the events that could be read.
#[derive(Debug, Clone, PartialEq)]
pub struct Recording {
    pub header: Header,
    pub events: Vec<Event>,
    pub ending: Ending,
}

impl Recording {
    /// The turn count after the last event read (one more than a last
    /// action that was refused).
    pub(crate) fn last_turn(&self) -> u64 {
        turn_after(&self.events)
    }
}

/// The turn count after `events` (one more than a last action, refused or
/// not; 0 with none).
pub(crate) fn turn_after(events: &[Event]) -> u64 {
    events
        .iter()
        .map(|event| match event {
            Event::Act { turn, .. } => turn + 1,
            other => other.turn(),
        })
        .max()
        .unwrap_or(0)
}

/// Reads the recording at `path`, record by record: only the events are
/// kept, never the file's bytes besides them (a 250 MB recording costs
/// its events, not the file and its events).
///
/// # Errors
/// When it cannot be read (or is no regular file, or is larger than
/// `MAX_RECORDING_BYTES`), is no recording, is of another format, or its
/// header is damaged. Damage after the header is not an error here: the
/// events before it are returned and `Recording::ending` says what
/// happened.
pub fn read_recording(path: &Path) -> Result<Recording, RecordingError> {
    let unreadable = |reason: String| RecordingError::Unreadable {
        path: path.to_owned(),
        reason,
    };
    let file =
        crate::regular_file::open_regular(path).map_err(|err| unreadable(err.to_string()))?;
    let len = file
        .metadata()
        .map_err(|err| unreadable(err.to_string()))?
        .len();
    if len > MAX_RECORDING_BYTES {
        return Err(unreadable(
            crate::regular_file::ReadError::TooLarge {
                len,
                limit: MAX_RECORDING_BYTES,
            }
            .to_string(),
        ));
    }
    // A file that grows while it is read is read up to the limit.
    let mut reader = std::io::BufReader::new(file.take(MAX_RECORDING_BYTES));
    read_from(path, &mut reader)
}

fn read_from(path: &Path, reader: &mut impl Read) -> Result<Recording, RecordingError> {
    let unreadable = |err: std::io::Error| RecordingError::Unreadable {
        path: path.to_owned(),
        reason: err.to_string(),
    };
    let mut magic = vec![0; MAGIC.len()];
    if fill(reader, &mut magic).map_err(unreadable)? < MAGIC.len() || magic != MAGIC {
        return Err(RecordingError::NotARecording {
            path: path.to_owned(),
        });
    }
    let mut version = [0; 2];
    if fill(reader, &mut version).map_err(unreadable)? < version.len() {
        return Err(bad_header(path, "the format version is missing"));
    }
    let version = u16::from_le_bytes(version);
    if version != FORMAT_VERSION {
        return Err(RecordingError::FormatVersion {
            path: path.to_owned(),
            found: version,
            supported: FORMAT_VERSION,
        });
    }
    let mut payload = Vec::new();
    let header: Header = match next_record(reader, &mut payload).map_err(unreadable)? {
        Record::Value(header) => header,
        Record::End => return Err(bad_header(path, "the file ends before it")),
        Record::Cut => return Err(bad_header(path, "it is cut short")),
        Record::Bad(reason) => return Err(bad_header(path, &reason)),
    };
    // A resumed game's header holds its save: do not keep its room.
    payload = Vec::new();
    let mut events = Vec::new();
    let ending = loop {
        match next_record(reader, &mut payload).map_err(unreadable)? {
            Record::Value(event) => events.push(event),
            Record::End => break Ending::Complete,
            Record::Cut => break Ending::Truncated,
            Record::Bad(_) => {
                break Ending::Damaged {
                    record: events.len() + 1,
                };
            }
        }
    };
    events.shrink_to_fit();
    Ok(Recording {
        header,
        events,
        ending,
    })
}

fn bad_header(path: &Path, reason: &str) -> RecordingError {
    RecordingError::BadHeader {
        path: path.to_owned(),
        reason: reason.to_owned(),
    }
}

enum Record<T> {
    Value(T),
    /// No bytes left.
    End,
    /// Fewer bytes left than the record needs.
    Cut,
    /// A checksum that does not match, or a payload that does not decode.
    Bad(String),
}

/// Reads into `buf` until it is full or the input ends; how many bytes.
fn fill(reader: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match reader.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(read) => filled += read,
            Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
            Err(err) => return Err(err),
        }
    }
    Ok(filled)
}

/// The next record, its payload read into `payload` (reused, so reading
/// costs one record's bytes at a time).
fn next_record<T: DeserializeOwned>(
    reader: &mut impl Read,
    payload: &mut Vec<u8>,
) -> std::io::Result<Record<T>> {
    let mut prefix = [0; RECORD_PREFIX];
    match fill(reader, &mut prefix)? {
        0 => return Ok(Record::End),
        RECORD_PREFIX => {}
        _ => return Ok(Record::Cut),
    }
    let [l0, l1, l2, l3, c0, c1, c2, c3] = prefix;
    let length = u32::from_le_bytes([l0, l1, l2, l3]) as usize;
    let crc = u32::from_le_bytes([c0, c1, c2, c3]);
    if length > MAX_RECORD_BYTES {
        return Ok(Record::Bad(format!("a record claims {length} bytes")));
    }
    payload.clear();
    let read = if length <= SMALL_RECORD_BYTES {
        // Most records: an action or a hash, a few bytes.
        payload.resize(length, 0);
        fill(reader, payload)?
    } else {
        // Read as far as the input goes: a claimed length is never
        // allocated before the bytes are there.
        reader
            .take(length as u64)
            .read_to_end(payload)
            .map(|_| payload.len())?
    };
    if read < length {
        return Ok(Record::Cut);
    }
    if crc32fast::hash(payload) != crc {
        return Ok(Record::Bad("its checksum does not match".to_owned()));
    }
    Ok(match postcard::from_bytes(payload) {
        Ok(value) => Record::Value(value),
        Err(err) => Record::Bad(format!("it does not decode: {err}")),
    })
}
