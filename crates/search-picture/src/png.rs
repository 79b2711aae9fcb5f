//! A [`Canvas`] as PNG bytes, encoded by the `png` crate (8-bit RGBA).
//!
//! It must never paint: [`raster`](super::raster) does.

use ::png::{BitDepth, ColorType, Compression, Encoder, EncodingError};

use super::raster::Canvas;

/// The PNG file of `canvas`. The pictures are flat colours, so the encoder's
/// strongest compression costs little time and keeps checked-in files small.
///
/// # Errors
/// [`EncodingError`] if the encoder refuses the image (zero or enormous sides).
pub fn encode_png(canvas: &Canvas) -> Result<Vec<u8>, EncodingError> {
    let mut bytes = Vec::new();
    let mut encoder = Encoder::new(&mut bytes, canvas.width(), canvas.height());
    encoder.set_color(ColorType::Rgba);
    encoder.set_depth(BitDepth::Eight);
    encoder.set_compression(Compression::High);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(canvas.rgba())?;
    writer.finish()?;
    Ok(bytes)
}
