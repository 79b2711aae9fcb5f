//! Which file `--out` asks for, by its extension: `.svg` or `.png`, any case.
//!
//! It must never write: it only names the writer.

use std::path::Path;

use super::picture_error::PictureError;

/// A picture file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PictureFormat {
    /// Text, scalable; written by our own writer.
    Svg,
    /// Pixels; painted by our rasteriser, encoded by the `png` crate.
    Png,
}

impl PictureFormat {
    /// The format `path`'s extension names.
    ///
    /// # Errors
    /// [`PictureError::UnknownFormat`] for another extension or none.
    pub(crate) fn of_path(path: &Path) -> Result<Self, PictureError> {
        let extension = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase())
            .unwrap_or_default();
        match extension.as_str() {
            "svg" => Ok(Self::Svg),
            "png" => Ok(Self::Png),
            _ => Err(PictureError::UnknownFormat {
                path: path.to_owned(),
                extension: if extension.is_empty() {
                    "(none)".to_owned()
                } else {
                    format!(".{extension}")
                },
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_extension_picks_the_format_in_any_case() {
        assert_eq!(
            PictureFormat::of_path(Path::new("a/b.svg")).ok(),
            Some(PictureFormat::Svg)
        );
        assert_eq!(
            PictureFormat::of_path(Path::new("B.PNG")).ok(),
            Some(PictureFormat::Png)
        );
    }

    #[test]
    fn other_extensions_are_refused_by_name() {
        let message = |path: &str| {
            PictureFormat::of_path(Path::new(path))
                .expect_err("not a picture format")
                .to_string()
        };
        assert_eq!(
            message("out.jpg"),
            "--out out.jpg: unknown picture format `.jpg`; accepted: a file name ending in .svg or .png"
        );
        assert!(message("out").contains("unknown picture format `(none)`"));
    }
}
