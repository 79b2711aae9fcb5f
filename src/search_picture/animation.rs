//! A search as an animated PNG (APNG): the picture as it stood after every
//! few expansions, then the whole search with its paths, held a while.
//!
//! Frames after the first carry only the rectangle that changed since the
//! frame before (flat colours, a few cells a frame), so a search of a few
//! hundred nodes stays a small file. It must never lay out a picture:
//! [`layout`](super::layout) does, frame by frame.

use ::png::{BitDepth, BlendOp, ColorType, Compression, DisposeOp, Encoder};

use super::picture_error::PictureError;

use super::raster::{BYTES_PER_PIXEL, Canvas};

/// At most this many frames step through a search (before the last, whole
/// one): enough to see the frontier spread, few enough for a small file.
pub(crate) const MAX_STEP_FRAMES: usize = 40;
/// How long a step frame shows, in milliseconds...
pub(crate) const STEP_DELAY_MS: u16 = 120;
/// ...and the last frame, the whole search with its paths.
pub(crate) const LAST_DELAY_MS: u16 = 2500;

/// The expansion counts the step frames show for a search of `expanded`
/// nodes: every `nodes per frame` expansions from 0, so at most
/// [`MAX_STEP_FRAMES`] frames (nodes per frame = expanded / frames, rounded
/// up).
#[must_use]
pub(crate) fn frame_stops(expanded: usize) -> Vec<usize> {
    let per_frame = nodes_per_frame(expanded);
    (0..expanded).step_by(per_frame).collect()
}

/// How many expansions one step frame adds.
#[must_use]
pub(crate) fn nodes_per_frame(expanded: usize) -> usize {
    expanded.div_ceil(MAX_STEP_FRAMES).max(1)
}

/// The frames as an APNG that loops forever: each shown [`STEP_DELAY_MS`],
/// the last [`LAST_DELAY_MS`]. All frames must have the first one's size.
///
/// # Errors
/// [`PictureError::FrameSize`] if the frames differ in size,
/// [`PictureError::Encode`] if the encoder refuses them (none at all, say).
pub(crate) fn encode_apng(frames: &[Canvas]) -> Result<Vec<u8>, PictureError> {
    let (width, height) = frames
        .first()
        .map_or((0, 0), |first| (first.width(), first.height()));
    if let Some(frame) = frames
        .iter()
        .position(|f| f.width() != width || f.height() != height)
    {
        return Err(PictureError::FrameSize { frame });
    }
    let count = u32::try_from(frames.len()).unwrap_or(u32::MAX);
    let mut bytes = Vec::new();
    let mut encoder = Encoder::new(&mut bytes, width, height);
    encoder.set_color(ColorType::Rgba);
    encoder.set_depth(BitDepth::Eight);
    encoder.set_compression(Compression::High);
    encoder.set_animated(count.max(1), 0)?;
    let mut writer = encoder.write_header()?;
    let mut previous: Option<&Canvas> = None;
    for (index, frame) in frames.iter().enumerate() {
        let delay = if index + 1 == frames.len() {
            LAST_DELAY_MS
        } else {
            STEP_DELAY_MS
        };
        writer.set_frame_delay(delay, 1000)?;
        writer.set_blend_op(BlendOp::Source)?;
        writer.set_dispose_op(DisposeOp::None)?;
        // The first frame is the whole picture; the others what changed.
        let (x, y, w, h) = match previous {
            None => (0, 0, width, height),
            Some(before) => changed_rectangle(before, frame).unwrap_or((0, 0, 1, 1)),
        };
        writer.reset_frame_position()?;
        writer.set_frame_dimension(w, h)?;
        writer.set_frame_position(x, y)?;
        writer.write_image_data(&crop(frame, (x, y, w, h)))?;
        previous = Some(frame);
    }
    writer.finish()?;
    Ok(bytes)
}

/// The smallest rectangle `(x, y, width, height)` holding every pixel that
/// differs between `before` and `after` (`None`: they are the same).
#[must_use]
pub(crate) fn changed_rectangle(before: &Canvas, after: &Canvas) -> Option<(u32, u32, u32, u32)> {
    let width = after.width() as usize;
    let row_bytes = width * BYTES_PER_PIXEL;
    let (mut left, mut top, mut right, mut bottom) = (usize::MAX, usize::MAX, 0, 0);
    for (y, (a, b)) in before
        .rgba()
        .chunks(row_bytes)
        .zip(after.rgba().chunks(row_bytes))
        .enumerate()
    {
        if a == b {
            continue;
        }
        let first = a
            .chunks(BYTES_PER_PIXEL)
            .zip(b.chunks(BYTES_PER_PIXEL))
            .position(|(p, q)| p != q)?;
        let last = width
            - 1
            - a.chunks(BYTES_PER_PIXEL)
                .rev()
                .zip(b.chunks(BYTES_PER_PIXEL).rev())
                .position(|(p, q)| p != q)?;
        left = left.min(first);
        right = right.max(last);
        top = top.min(y);
        bottom = y;
    }
    (left != usize::MAX).then(|| {
        let to_u32 = |v: usize| u32::try_from(v).unwrap_or(u32::MAX);
        (
            to_u32(left),
            to_u32(top),
            to_u32(right - left + 1),
            to_u32(bottom - top + 1),
        )
    })
}

/// The RGBA bytes of the rectangle `(x, y, width, height)` of `canvas`.
fn crop(canvas: &Canvas, (x, y, w, h): (u32, u32, u32, u32)) -> Vec<u8> {
    let row_bytes = canvas.width() as usize * BYTES_PER_PIXEL;
    let (x, y, w, h) = (x as usize, y as usize, w as usize, h as usize);
    let mut bytes = Vec::with_capacity(w * h * BYTES_PER_PIXEL);
    for row in canvas.rgba().chunks(row_bytes).skip(y).take(h) {
        bytes.extend_from_slice(&row[x * BYTES_PER_PIXEL..(x + w) * BYTES_PER_PIXEL]);
    }
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search_picture::colour::Rgb;

    #[test]
    fn frames_step_by_a_share_of_the_search() {
        assert_eq!(frame_stops(5), [0, 1, 2, 3, 4]);
        assert_eq!(nodes_per_frame(400), 10);
        let stops = frame_stops(401);
        assert_eq!(nodes_per_frame(401), 11);
        assert!(stops.len() <= MAX_STEP_FRAMES, "{}", stops.len());
        assert_eq!(stops.first(), Some(&0));
        assert_eq!(frame_stops(0), Vec::<usize>::new());
    }

    /// Decodes an APNG with the `png` crate: every frame's control data.
    fn frame_controls(bytes: &[u8]) -> Vec<::png::FrameControl> {
        let decoder = ::png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().expect("a PNG header");
        let frames = reader
            .info()
            .animation_control()
            .expect("animated")
            .num_frames;
        let mut buffer = vec![0; reader.output_buffer_size().expect("a sane size")];
        (0..frames)
            .map(|_| {
                reader.next_frame(&mut buffer).expect("a frame");
                *reader.info().frame_control().expect("a frame control")
            })
            .collect()
    }

    #[test]
    fn later_frames_carry_only_what_changed() {
        let white = Rgb::hex(0xffffff);
        let first = Canvas::filled(20, 10, white);
        let mut scene = super::super::scene::Scene {
            width: 20,
            height: 10,
            background: white,
            shapes: vec![super::super::scene::Shape::Block(
                super::super::scene::Block {
                    left: 3,
                    top: 4,
                    width: 2,
                    height: 3,
                    fill: Rgb::hex(0x000000),
                },
            )],
        };
        let second = Canvas::paint(&scene);
        scene.shapes.clear();
        let same = Canvas::paint(&scene);
        assert_eq!(changed_rectangle(&first, &second), Some((3, 4, 2, 3)));
        assert_eq!(changed_rectangle(&first, &same), None);
        let bytes = encode_apng(&[first, second, same]).expect("encoded");
        let controls = frame_controls(&bytes);
        assert_eq!(controls.len(), 3);
        assert_eq!((controls[0].width, controls[0].height), (20, 10));
        assert_eq!(
            (
                controls[1].x_offset,
                controls[1].y_offset,
                controls[1].width,
                controls[1].height
            ),
            (3, 4, 2, 3)
        );
        assert_eq!(controls[2].delay_num, LAST_DELAY_MS);
    }
}
