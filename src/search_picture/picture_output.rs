//! The pictures of the game's own fixture (two rooms and a door): what
//! `fogcrawl trace` lays out comes out of the `search-picture` package's
//! SVG, raster and PNG writers cell for cell. Tests only; they live here
//! because the scenes are laid out from a game level.

use ::png::{BitDepth, ColorType};
use gridpath::{Heuristic, Pos};

use crate::search_picture::cell_layer::CellLayer;
use crate::search_picture::palette;
use crate::search_picture::png::encode_png;
use crate::search_picture::raster::Canvas;
use crate::search_picture::search_settings::SearchSettings;
use crate::search_picture::svg::to_svg;
use crate::search_picture::test_fixtures::two_rooms_scene;

/// The text between `<g class="NAME"` and its `</g>`, for each such group.
fn groups<'a>(svg: &'a str, name: &str) -> Vec<&'a str> {
    let opening = format!(r#"<g class="{name}""#);
    svg.match_indices(&opening)
        .filter_map(|(at, _)| {
            let rest = &svg[at..];
            rest.find("</g>").map(|end| &rest[..end])
        })
        .collect()
}

/// How many cells the `m dx dy h w v h h -w z` pieces of a group cover.
fn covered_cells(group: &str) -> usize {
    let mut cells = 0;
    let drawings = group
        .split(r#" d=""#)
        .skip(1)
        .filter_map(|rest| rest.split('"').next());
    for piece in drawings.flat_map(|d| d.split(['M', 'm']).skip(1)) {
        let number_after = |marker: char| -> usize {
            let at = piece.find(marker).expect("a piece has h and v") + 1;
            piece[at..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect::<String>()
                .parse()
                .expect("a whole number")
        };
        cells += number_after('h') * number_after('v');
    }
    cells
}

#[test]
fn a_traced_search_draws_its_closed_cells_ends_and_paths() {
    let (scene, searches) = two_rooms_scene(&[SearchSettings::default()]);
    let svg = to_svg(&scene);
    assert!(svg.starts_with("<svg "));
    assert!(svg.ends_with("</svg>\n"));
    let closed = groups(&svg, "closed");
    assert_eq!(closed.len(), 1);
    assert_eq!(covered_cells(closed[0]), searches[0].closed.len());
    let frontier = groups(&svg, "frontier");
    assert_eq!(covered_cells(frontier[0]), searches[0].frontier.len());
    assert!(svg.contains(r#"<circle class="start""#));
    assert!(svg.contains(r#"<rect class="goal""#));
    assert!(svg.contains(r#"<polyline class="raw-path""#));
    assert!(svg.contains(r#"<polyline class="smoothed-path""#));
    assert!(svg.contains(&format!("expanded {}", searches[0].stats.expanded)));
    assert!(svg.contains("<title>two rooms</title>"));
}

#[test]
fn the_terrain_lays_its_commonest_colour_under_the_rest() {
    let (scene, _) = two_rooms_scene(&[SearchSettings::default()]);
    let svg = to_svg(&scene);
    let terrain = groups(&svg, "terrain");
    let group = terrain[0];
    // 12x6 cells: 36 cost 1 (floor and stairs) under 35 walls and a door.
    assert!(group.contains(r#"<rect width="12" height="6""#), "{group}");
    assert_eq!(
        covered_cells(group),
        36,
        "only walls and the door are written"
    );
}

#[test]
fn a_second_panel_reuses_the_first_panels_terrain() {
    let dijkstra = SearchSettings {
        heuristic: Heuristic::Zero,
        ..SearchSettings::default()
    };
    let (scene, _) = two_rooms_scene(&[SearchSettings::default(), dijkstra]);
    let svg = to_svg(&scene);
    assert_eq!(groups(&svg, "terrain").len(), 1);
    let terrains: Vec<&CellLayer> = scene.cell_layers("terrain").collect();
    let shift = terrains[1].origin.0 - terrains[0].origin.0;
    assert!(
        svg.contains(&format!(
            r##"<use class="terrain" href="#layer-0" x="{shift}" y="0"/>"##
        )),
        "{svg}"
    );
    assert_eq!(
        groups(&svg, "closed").len(),
        2,
        "equal searches, still drawn"
    );
}

#[test]
fn every_element_is_closed() {
    let (scene, _) = two_rooms_scene(&[SearchSettings::default(), SearchSettings::default()]);
    let svg = to_svg(&scene);
    let opened = svg.matches("<g ").count() + svg.matches("<svg ").count();
    let closed = svg.matches("</g>").count() + svg.matches("</svg>").count();
    assert_eq!(opened, closed);
    assert_eq!(
        svg.matches("<text ").count(),
        svg.matches("</text>").count()
    );
    for line in svg.lines() {
        let opens_group = line.starts_with("<g ") || line.starts_with("<svg ");
        let is_closing = line.starts_with("</");
        let has_body = line.contains("</");
        assert!(
            opens_group || is_closing || has_body || line.ends_with("/>"),
            "unclosed element: {line}"
        );
    }
}

#[test]
fn the_map_cells_land_where_the_layout_put_them() {
    // Dijkstra closes cells far from the path, the ends and their markers.
    let settings = SearchSettings {
        heuristic: Heuristic::Zero,
        ..SearchSettings::default()
    };
    let (scene, searches) = two_rooms_scene(&[settings]);
    let canvas = Canvas::paint(&scene);
    let closed = scene.cell_layers("closed").next().expect("a closed layer");
    let cell = closed.cell_size;
    let search = &searches[0];
    let path = search.path.as_ref().expect("a path");
    let near = |a: Pos, b: Pos| (a.x - b.x).abs() <= 1 && (a.y - b.y).abs() <= 1;
    let marked = [search.start, search.goal];
    let lines = path.cells.iter().chain(&search.smoothed).chain(&marked);
    let lines: Vec<Pos> = lines.copied().collect();
    let far: Vec<Pos> = search
        .closed
        .iter()
        .copied()
        .filter(|&pos| !lines.iter().any(|&on_line| near(pos, on_line)))
        .collect();
    assert!(!far.is_empty(), "the fixture has closed cells off the path");
    for pos in far {
        // A corner pixel: the centre holds the came-from arrow.
        let (x, y) = (
            closed.origin.0 + pos.x as u32 * cell + 1,
            closed.origin.1 + pos.y as u32 * cell + cell - 2,
        );
        assert_eq!(canvas.pixel(x, y), closed.colour_at(pos), "{pos}");
    }
}

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
