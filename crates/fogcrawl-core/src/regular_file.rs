//! Reading and replacing the files the game owns (the save, the monster
//! config) only when they are regular files.
//!
//! A save or config path can name anything: a FIFO (opening it for reading
//! blocks until a writer comes, and a writer may stream forever), a device
//! node (`/dev/zero` never ends, `/dev/null` reads nothing), a folder, a
//! socket, or a symlink to any of these. So a file is opened without
//! blocking (`O_NONBLOCK` on Unix: the open of a FIFO returns at once), its
//! type is checked on the open file (`fstat`, so it cannot change between
//! the check and the read), and at most a given number of bytes is read.
//!
//! Symlinks are followed, never replaced: [`resolve_links`] gives the file a
//! link finally names (a save kept in a synced folder stays there), so that
//! writes, renames and locks act on the real file beside which the
//! temporary file is made.
//!
//! This module never renames or removes anything itself, and writes only
//! through [`write_replacing`].

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use thiserror::Error;

/// How many symlinks [`resolve_links`] follows before giving up (Linux's own
/// limit is 40).
const MAX_LINK_HOPS: usize = 40;

/// Why a file could not be read.
#[derive(Debug, Error)]
pub enum ReadError {
    /// Nothing is there (a dangling symlink counts as nothing).
    #[error("there is no such file")]
    NotFound,
    /// Something is there, but not a regular file; it was not read.
    #[error("it is {0}, not a regular file")]
    NotRegular(FileKind),
    /// The file holds more than the reader accepts; it was not read.
    #[error("it holds {len} bytes, more than the {limit} accepted")]
    TooLarge { len: u64, limit: u64 },
    #[error("{0}")]
    Io(#[from] io::Error),
}

impl From<ReadError> for io::Error {
    fn from(err: ReadError) -> io::Error {
        match err {
            ReadError::Io(err) => err,
            // The kind for callers that test it, and the words for the
            // user: a bare `ErrorKind::NotFound` prints "entity not found"
            // (`--config` naming a missing file, play30).
            ReadError::NotFound => {
                io::Error::new(io::ErrorKind::NotFound, ReadError::NotFound.to_string())
            }
            other => io::Error::new(io::ErrorKind::InvalidInput, other.to_string()),
        }
    }
}

/// What a path names, in words for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Regular,
    Folder,
    /// A FIFO (named pipe).
    Fifo,
    /// A character or block device node.
    Device,
    Socket,
    Other,
}

impl std::fmt::Display for FileKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            FileKind::Regular => "a regular file",
            FileKind::Folder => "a folder",
            FileKind::Fifo => "a FIFO (named pipe)",
            FileKind::Device => "a device node",
            FileKind::Socket => "a socket",
            FileKind::Other => "neither a file nor a folder",
        })
    }
}

impl FileKind {
    /// The kind of what `metadata` describes.
    pub(crate) fn of(metadata: &std::fs::Metadata) -> FileKind {
        let file_type = metadata.file_type();
        if file_type.is_file() {
            return FileKind::Regular;
        }
        if file_type.is_dir() {
            return FileKind::Folder;
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            if file_type.is_fifo() {
                return FileKind::Fifo;
            }
            if file_type.is_char_device() || file_type.is_block_device() {
                return FileKind::Device;
            }
            if file_type.is_socket() {
                return FileKind::Socket;
            }
        }
        FileKind::Other
    }
}

/// What `path` names, following symlinks; `None` if nothing (or a dangling
/// link). Never opens the file, so it never blocks.
pub fn kind_at(path: &Path) -> Option<FileKind> {
    std::fs::metadata(path).ok().map(|m| FileKind::of(&m))
}

/// Opens `path` for reading without blocking and checks, on the open file,
/// that it is a regular file.
///
/// # Errors
/// [`ReadError::NotFound`], [`ReadError::NotRegular`], or the I/O error.
pub(crate) fn open_regular(path: &Path) -> Result<File, ReadError> {
    let file = open_nonblocking(path).map_err(|err| match err.kind() {
        io::ErrorKind::NotFound => ReadError::NotFound,
        _ => ReadError::Io(err),
    })?;
    match FileKind::of(&file.metadata()?) {
        FileKind::Regular => Ok(file),
        other => Err(ReadError::NotRegular(other)),
    }
}

#[cfg(unix)]
fn open_nonblocking(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    // On a regular file O_NONBLOCK changes nothing; on a FIFO it makes the
    // open return at once instead of waiting for a writer.
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_nonblocking(path: &Path) -> io::Result<File> {
    File::open(path)
}

/// The bytes of the regular file at `path`, if it holds at most `limit`.
///
/// # Errors
/// As [`open_regular`], or [`ReadError::TooLarge`] (checked on the file's
/// length before reading, and again while reading in case it grows).
pub(crate) fn read_capped(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let file = open_regular(path)?;
    let len = file.metadata()?.len();
    if len > limit {
        return Err(ReadError::TooLarge { len, limit });
    }
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    let read = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
    if read > limit {
        return Err(ReadError::TooLarge { len: read, limit });
    }
    Ok(bytes)
}

/// [`read_capped`] as text.
///
/// # Errors
/// As [`read_capped`], or an [`io::ErrorKind::InvalidData`] error for text
/// that is not UTF-8.
pub(crate) fn read_capped_text(path: &Path, limit: u64) -> Result<String, ReadError> {
    String::from_utf8(read_capped(path, limit)?)
        .map_err(|err| ReadError::Io(io::Error::new(io::ErrorKind::InvalidData, err)))
}

/// Writes `bytes` to the regular file `path` names (through symlinks) so
/// that a reader sees the old contents or the new, never a part: into a
/// temporary file beside it, synced, then renamed over it. Creates the
/// folder if need be; something other than a regular file there is refused
/// and left alone.
///
/// # Errors
/// An I/O error naming what failed; [`io::ErrorKind::InvalidInput`] when
/// the path names a folder, a FIFO or a device.
pub(crate) fn write_replacing(path: &Path, bytes: &[u8]) -> io::Result<()> {
    use std::io::Write;
    let real = resolve_links(path)?;
    if let Some(kind) = kind_at(&real).filter(|&kind| kind != FileKind::Regular) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("it is {kind}, not a regular file"),
        ));
    }
    let dir = match real.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_owned(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&dir)?;
    let mut temp = tempfile::NamedTempFile::new_in(&dir)?;
    temp.write_all(bytes)?;
    temp.as_file().sync_all()?;
    temp.persist(&real).map_err(|err| err.error)?;
    // Make the rename itself durable.
    if let Ok(dir) = File::open(&dir) {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// A name beside `path` to set a damaged file aside under, taken by
/// nothing (not even a dangling link): `NAME.bad`, else `NAME.bad2`,
/// `NAME.bad3`, ..., so an earlier file set aside is never replaced.
pub(crate) fn set_aside_path(path: &Path) -> PathBuf {
    let named = |suffix: &str| {
        let mut name = path.file_name().unwrap_or_default().to_os_string();
        name.push(suffix);
        path.with_file_name(name)
    };
    let mut kept_as = named(".bad");
    let mut n = 1;
    while std::fs::symlink_metadata(&kept_as).is_ok() {
        n += 1;
        kept_as = named(&format!(".bad{n}"));
    }
    kept_as
}

/// The path a chain of symlinks at `path` finally names (which may not exist
/// yet: a dangling link names the file it would create). A path that is no
/// link is returned as it is. Only the last component is resolved; folders
/// on the way are the system's to follow.
///
/// # Errors
/// An I/O error for a loop of links or one that cannot be read.
pub(crate) fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_owned();
    for _ in 0..MAX_LINK_HOPS {
        match std::fs::symlink_metadata(&current) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let target = std::fs::read_link(&current)?;
                current = match current.parent() {
                    Some(parent) if target.is_relative() => parent.join(target),
                    _ => target,
                };
            }
            _ => return Ok(current),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("more than {MAX_LINK_HOPS} symlinks in a row (a loop?)"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_regular_file_is_read_up_to_its_limit() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("file");
        std::fs::write(&path, b"twelve bytes").unwrap();
        assert_eq!(read_capped(&path, 12).unwrap(), b"twelve bytes");
        let err = read_capped(&path, 11).unwrap_err();
        assert_eq!(
            err.to_string(),
            "it holds 12 bytes, more than the 11 accepted"
        );
        assert!(matches!(
            read_capped(&dir.path().join("none"), 1),
            Err(ReadError::NotFound)
        ));
    }

    #[test]
    fn a_folder_is_not_read() {
        let dir = tempfile::tempdir().unwrap();
        let err = read_capped(dir.path(), 100).unwrap_err();
        assert_eq!(err.to_string(), "it is a folder, not a regular file");
        assert_eq!(kind_at(dir.path()), Some(FileKind::Folder));
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_not_read() {
        let err = read_capped(Path::new("/dev/zero"), 100).unwrap_err();
        assert!(
            matches!(err, ReadError::NotRegular(FileKind::Device)),
            "{err}"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_not_opened_for_reading_and_nothing_blocks() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        // No writer: a blocking open would wait here forever.
        let err = read_capped(&fifo, 100).unwrap_err();
        assert_eq!(
            err.to_string(),
            "it is a FIFO (named pipe), not a regular file"
        );
    }

    #[cfg(unix)]
    #[test]
    fn links_are_followed_to_the_file_they_name_even_a_missing_one() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("sub").join("real");
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        let link = dir.path().join("link");
        let second = dir.path().join("second");
        std::os::unix::fs::symlink("sub/real", &link).unwrap();
        std::os::unix::fs::symlink(&link, &second).unwrap();
        assert_eq!(resolve_links(&second).unwrap(), target);
        assert!(matches!(read_capped(&second, 9), Err(ReadError::NotFound)));
        std::fs::write(&target, "x").unwrap();
        assert_eq!(read_capped(&second, 9).unwrap(), b"x");
        let looped = dir.path().join("loop");
        std::os::unix::fs::symlink(&looped, &looped).unwrap();
        assert!(resolve_links(&looped).is_err());
    }
}
