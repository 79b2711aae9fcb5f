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
pub(crate) fn encode_png(canvas: &Canvas) -> Result<Vec<u8>, EncodingError> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search_picture::palette;
    use crate::search_picture::search_settings::SearchSettings;
    use crate::search_picture::test_fixtures::two_rooms_scene;

    /// Decodes PNG bytes with the `png` crate: (width, height, RGBA bytes).
    fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
        let decoder = ::png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().expect("a PNG header");
        let mut pixels = vec![0; reader.output_buffer_size().expect("a sane size")];
        let info = reader.next_frame(&mut pixels).expect("one frame");
        assert_eq!(info.color_type, ColorType::Rgba);
        assert_eq!(info.bit_depth, BitDepth::Eight);
        pixels.truncate(info.buffer_size());
        (info.width, info.height, pixels)
    }

    #[test]
    fn a_traced_search_decodes_to_the_scene_size_with_the_start_marked() {
        let (scene, searches) = two_rooms_scene(&[SearchSettings::default()]);
        let canvas = Canvas::paint(&scene);
        let bytes = encode_png(&canvas).expect("encodes");
        let (width, height, pixels) = decode(&bytes);
        assert_eq!((width, height), (scene.width, scene.height));
        assert_eq!(pixels, canvas.rgba(), "lossless");
        let terrain = scene.cell_layers("terrain").next().expect("terrain");
        let cell = terrain.cell_size;
        let start = searches[0].start;
        // The start marker's centre: the middle of the start cell.
        let (x, y) = (
            terrain.origin.0 + start.x as u32 * cell + cell / 2,
            terrain.origin.1 + start.y as u32 * cell + cell / 2,
        );
        let at = ((y * width + x) * 4) as usize;
        assert_eq!(&pixels[at..at + 4], &palette::START.rgba());
    }
}
