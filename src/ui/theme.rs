//! The look of the game: one glyph per terrain, faction colours, message
//! colours, and the palette tier (truecolor, 256, 16 or none) chosen from
//! what the terminal supports.
//!
//! Glyphs alone must tell terrain and factions apart, so the game stays
//! playable with `NO_COLOR` or on a 16-colour terminal; colour only adds.
//! This module never reads or changes game state: it maps names to styles.

use ratatui::style::{Color, Modifier, Style};

use fogcrawl_core::{Importance, Terrain, terrain_glyph};

/// How many colours the terminal can show, or none at all (`NO_COLOR`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColorSupport {
    /// No colours: only glyphs and text attributes (bold, dim, reverse).
    None,
    /// The 16 named ANSI colours.
    Ansi16,
    /// The xterm 256-colour palette.
    Ansi256,
    /// 24-bit RGB.
    TrueColor,
}

/// The environment variable that turns colours off (<https://no-color.org>).
pub(crate) const NO_COLOR_VARIABLE: &str = "NO_COLOR";
/// crossterm's answer for a truecolor terminal.
const TRUECOLOR_COUNT: u16 = u16::MAX;
const ANSI256_COUNT: u16 = 256;

impl ColorSupport {
    /// What this terminal supports, from `NO_COLOR`, `COLORTERM` and `TERM`.
    pub(crate) fn detect() -> Self {
        let no_color = std::env::var_os(NO_COLOR_VARIABLE);
        Self::classify(
            no_color.as_ref().is_some_and(|value| !value.is_empty()),
            crossterm::style::available_color_count(),
        )
    }

    /// The tier for a colour count as crossterm reports it (`u16::MAX` for
    /// truecolor); `no_color` wins over everything.
    pub(crate) fn classify(no_color: bool, color_count: u16) -> Self {
        match color_count {
            _ if no_color => ColorSupport::None,
            TRUECOLOR_COUNT => ColorSupport::TrueColor,
            count if count >= ANSI256_COUNT => ColorSupport::Ansi256,
            _ => ColorSupport::Ansi16,
        }
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            ColorSupport::None => "no colour",
            ColorSupport::Ansi16 => "16 colours",
            ColorSupport::Ansi256 => "256 colours",
            ColorSupport::TrueColor => "truecolor",
        }
    }
}

/// A colour given once as RGB (truecolor, and the source of the 256-colour
/// approximation) and once as the nearest of the 16 named colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Tone {
    rgb: (u8, u8, u8),
    ansi16: Color,
}

const fn tone(r: u8, g: u8, b: u8, ansi16: Color) -> Tone {
    Tone {
        rgb: (r, g, b),
        ansi16,
    }
}

/// How much of its brightness a remembered (not visible) cell keeps...
const REMEMBERED_BRIGHTNESS: f32 = 0.45;
/// ...on top of this base, so that memory stays readable on a dark screen.
const REMEMBERED_BASE: f32 = 24.0;
/// Memory is tinted a little towards blue, like a cold night.
const REMEMBERED_BLUE_TINT: f32 = 14.0;
/// How far a remembered cell's colour is pulled towards grey (0 = not at all).
const REMEMBERED_DESATURATION: f32 = 0.6;

/// The player: the brightest thing on the map.
const PLAYER_TONE: Tone = tone(255, 255, 255, Color::White);
/// Factions without a colour of their own take one from this ring.
const SPARE_FACTION_TONES: [Tone; 4] = [
    tone(255, 140, 60, Color::LightRed),
    tone(120, 170, 255, Color::LightBlue),
    tone(220, 220, 120, Color::Yellow),
    tone(200, 120, 255, Color::LightMagenta),
];

/// The glyph and colour of a terrain kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TerrainLook {
    pub glyph: char,
    tone: Tone,
    bold: bool,
}

/// The glyph (the core's [`terrain_glyph`], which the run summary shares)
/// and tone of each terrain. Every glyph differs, so the map reads
/// without colour; the help popup lists them all.
pub(crate) const fn terrain_look(terrain: Terrain) -> TerrainLook {
    let (tone, bold) = match terrain {
        Terrain::Wall => (tone(150, 140, 130, Color::White), false),
        Terrain::Floor => (tone(130, 130, 140, Color::Gray), false),
        Terrain::Road => (tone(200, 170, 110, Color::Yellow), false),
        Terrain::Grass => (tone(90, 180, 70, Color::Green), false),
        Terrain::Mud => (tone(150, 110, 60, Color::Yellow), false),
        Terrain::Swamp => (tone(100, 130, 60, Color::Green), false),
        Terrain::ShallowWater => (tone(90, 170, 230, Color::LightCyan), false),
        Terrain::DeepWater => (tone(40, 80, 220, Color::Blue), true),
        Terrain::Rubble => (tone(140, 125, 110, Color::Gray), false),
        Terrain::ClosedDoor => (tone(190, 120, 50, Color::Yellow), true),
        Terrain::OpenDoor => (tone(190, 120, 50, Color::Yellow), false),
        Terrain::StairsDown => (tone(255, 230, 90, Color::LightYellow), true),
    };
    TerrainLook {
        glyph: terrain_glyph(terrain),
        tone,
        bold,
    }
}

/// The colour of a built-in faction; `None` for others (they take a spare).
fn faction_tone(faction: &str) -> Option<Tone> {
    Some(match faction {
        "rats" => tone(200, 160, 90, Color::Yellow),
        "wolves" => tone(235, 80, 70, Color::LightRed),
        "goblins" => tone(120, 230, 80, Color::LightGreen),
        "lizardfolk" => tone(60, 220, 200, Color::Cyan),
        "undead" => tone(225, 120, 235, Color::Magenta),
        _ => return None,
    })
}

/// A stable spare tone for a faction the theme does not know.
fn spare_faction_tone(faction: &str) -> Tone {
    let hash = faction.bytes().fold(0usize, |acc, b| {
        acc.wrapping_mul(31).wrapping_add(usize::from(b))
    });
    SPARE_FACTION_TONES[hash % SPARE_FACTION_TONES.len()]
}

/// Roles of the interface chrome that have a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum UiRole {
    Title,
    Border,
    Label,
    KeyHint,
    HealthGood,
    HealthHurt,
    HealthCritical,
    Notice,
    Alert,
    /// The path travel would take, drawn over the map.
    Path,
    /// The cells a shooting monster looked at can shoot into (a
    /// background tint; no colour, no tint: look's lines say it too).
    Reach,
}

const fn ui_tone(role: UiRole) -> Tone {
    match role {
        UiRole::Title => tone(255, 210, 120, Color::LightYellow),
        UiRole::Border => tone(90, 90, 110, Color::DarkGray),
        UiRole::Label => tone(150, 150, 165, Color::Gray),
        UiRole::KeyHint => tone(120, 200, 255, Color::LightCyan),
        UiRole::HealthGood => tone(90, 210, 90, Color::LightGreen),
        UiRole::HealthHurt => tone(230, 200, 70, Color::Yellow),
        UiRole::HealthCritical => tone(240, 70, 60, Color::LightRed),
        UiRole::Notice => tone(230, 200, 120, Color::Yellow),
        UiRole::Alert => tone(255, 90, 80, Color::LightRed),
        UiRole::Path => tone(120, 220, 255, Color::LightCyan),
        UiRole::Reach => tone(90, 30, 30, Color::Red),
    }
}

const fn importance_tone(importance: Importance) -> Tone {
    match importance {
        Importance::Info => tone(200, 200, 200, Color::Gray),
        Importance::Combat => tone(240, 210, 130, Color::Yellow),
        Importance::Danger => tone(255, 90, 80, Color::LightRed),
        Importance::Good => tone(110, 230, 110, Color::LightGreen),
        Importance::System => tone(120, 200, 255, Color::LightCyan),
    }
}

/// The debug overlay's marks that have a colour. Each also has a glyph of
/// its own (see `ui::overlay`), so colour only adds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum OverlayMark {
    /// An expanded cell; 0 is the first third of the expansion order.
    Closed(usize),
    Open,
    RawPath,
    SmoothPath,
    CurrentNode,
    /// The search's start or goal.
    Endpoint,
    Unknown,
    FalseOpen,
    Differs,
    Stale,
    /// An influence value; 0 is the lowest quarter of the peak.
    Heat(usize),
}

const CLOSED_TONES: [Tone; 3] = [
    tone(40, 90, 200, Color::Blue),
    tone(60, 150, 220, Color::Cyan),
    tone(120, 210, 240, Color::LightCyan),
];
const HEAT_TONES: [Tone; 4] = [
    tone(90, 110, 220, Color::Blue),
    tone(220, 200, 60, Color::Yellow),
    tone(240, 130, 40, Color::LightRed),
    tone(240, 40, 40, Color::Red),
];

const fn overlay_tone(mark: OverlayMark) -> Tone {
    match mark {
        OverlayMark::Closed(third) => CLOSED_TONES[if third < 3 { third } else { 2 }],
        OverlayMark::Open => tone(110, 230, 110, Color::LightGreen),
        OverlayMark::RawPath => tone(240, 210, 90, Color::Yellow),
        OverlayMark::SmoothPath => tone(250, 120, 250, Color::LightMagenta),
        OverlayMark::CurrentNode => tone(255, 80, 80, Color::LightRed),
        OverlayMark::Endpoint => tone(255, 255, 255, Color::White),
        OverlayMark::Unknown => tone(110, 110, 130, Color::DarkGray),
        OverlayMark::FalseOpen => tone(255, 70, 70, Color::LightRed),
        OverlayMark::Differs => tone(240, 200, 80, Color::Yellow),
        OverlayMark::Stale => tone(200, 130, 240, Color::Magenta),
        OverlayMark::Heat(quarter) => HEAT_TONES[if quarter < 4 { quarter } else { 3 }],
    }
}

/// Turns the theme's tones into ratatui styles for one colour tier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    pub support: ColorSupport,
}

impl Palette {
    pub const fn new(support: ColorSupport) -> Self {
        Self { support }
    }

    /// The palette for this terminal.
    pub(crate) fn detect() -> Self {
        Self::new(ColorSupport::detect())
    }

    pub(crate) fn has_colour(self) -> bool {
        self.support != ColorSupport::None
    }

    fn colour(self, tone: Tone) -> Option<Color> {
        let (r, g, b) = tone.rgb;
        match self.support {
            ColorSupport::None => None,
            ColorSupport::Ansi16 => Some(tone.ansi16),
            ColorSupport::Ansi256 => Some(Color::Indexed(xterm_256_index(r, g, b))),
            ColorSupport::TrueColor => Some(Color::Rgb(r, g, b)),
        }
    }

    fn foreground(self, tone: Tone) -> Style {
        match self.colour(tone) {
            Some(colour) => Style::new().fg(colour),
            None => Style::new(),
        }
    }

    /// A terrain cell the player sees now.
    pub(crate) fn visible_terrain(self, terrain: Terrain) -> (char, Style) {
        let look = terrain_look(terrain);
        let style = self.foreground(look.tone);
        let style = if look.bold {
            style.add_modifier(Modifier::BOLD)
        } else {
            style
        };
        (look.glyph, style)
    }

    /// A terrain cell the player remembers but does not see: same glyph,
    /// dimmed (a darker, greyer colour; the DIM attribute without colour).
    pub(crate) fn remembered_terrain(self, terrain: Terrain) -> (char, Style) {
        let look = terrain_look(terrain);
        let style = match self.support {
            ColorSupport::None => Style::new().add_modifier(Modifier::DIM),
            ColorSupport::Ansi16 => Style::new().fg(Color::DarkGray),
            ColorSupport::Ansi256 | ColorSupport::TrueColor => {
                self.foreground(remembered_tone(look.tone))
            }
        };
        (look.glyph, style)
    }

    pub(crate) fn player(self) -> Style {
        self.foreground(PLAYER_TONE)
            .add_modifier(Modifier::BOLD | Modifier::REVERSED)
    }

    /// A monster of `faction`.
    pub fn faction(self, faction: &str) -> Style {
        let tone = faction_tone(faction).unwrap_or_else(|| spare_faction_tone(faction));
        self.foreground(tone).add_modifier(Modifier::BOLD)
    }

    pub(crate) fn ui(self, role: UiRole) -> Style {
        let style = self.foreground(ui_tone(role));
        match role {
            UiRole::Title | UiRole::KeyHint | UiRole::Alert => style.add_modifier(Modifier::BOLD),
            _ => style,
        }
    }

    /// A debug-overlay mark.
    pub(crate) fn overlay(self, mark: OverlayMark) -> Style {
        let style = self.foreground(overlay_tone(mark));
        match mark {
            OverlayMark::SmoothPath
            | OverlayMark::CurrentNode
            | OverlayMark::Endpoint
            | OverlayMark::FalseOpen => style.add_modifier(Modifier::BOLD),
            _ => style,
        }
    }

    /// The overlay's look cursor: reversed, so it shows without colour.
    pub(crate) fn cursor(self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }

    /// The monster the overlay follows: its faction's look, underlined.
    pub(crate) fn followed(self, faction: &str) -> Style {
        self.faction(faction).add_modifier(Modifier::UNDERLINED)
    }

    pub(crate) fn message(self, importance: Importance) -> Style {
        let style = self.foreground(importance_tone(importance));
        match importance {
            Importance::Danger => style.add_modifier(Modifier::BOLD),
            _ => style,
        }
    }
}

fn remembered_tone(tone: Tone) -> Tone {
    let (r, g, b) = tone.rgb;
    let grey = (f32::from(r) + f32::from(g) + f32::from(b)) / 3.0;
    let fade = |channel: u8, tint: f32| {
        let desaturated =
            f32::from(channel) + (grey - f32::from(channel)) * REMEMBERED_DESATURATION;
        (REMEMBERED_BASE + tint + desaturated * REMEMBERED_BRIGHTNESS)
            .round()
            .clamp(0.0, 255.0) as u8
    };
    Tone {
        rgb: (fade(r, 0.0), fade(g, 0.0), fade(b, REMEMBERED_BLUE_TINT)),
        ansi16: Color::DarkGray,
    }
}

/// The levels of the xterm 6x6x6 colour cube.
const CUBE_LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
/// Index of the first cube colour and of the first of the 24 greys.
const CUBE_START: u8 = 16;
const GREY_START: u8 = 232;

/// The nearest xterm-256 colour: the closer of the best cube entry and the
/// best grey-ramp entry.
fn xterm_256_index(r: u8, g: u8, b: u8) -> u8 {
    let nearest_level = |channel: u8| -> (u8, u8) {
        let mut best = 0;
        for (index, &level) in CUBE_LEVELS.iter().enumerate() {
            if channel.abs_diff(level) < channel.abs_diff(CUBE_LEVELS[best]) {
                best = index;
            }
        }
        (best as u8, CUBE_LEVELS[best])
    };
    let (ri, rl) = nearest_level(r);
    let (gi, gl) = nearest_level(g);
    let (bi, bl) = nearest_level(b);
    let cube_index = CUBE_START + 36 * ri + 6 * gi + bi;
    let distance = |(x, y, z): (u8, u8, u8)| {
        let d = |a: u8, b: u8| i32::from(a.abs_diff(b)).pow(2);
        d(x, r) + d(y, g) + d(z, b)
    };
    let average = (u16::from(r) + u16::from(g) + u16::from(b)) / 3;
    // The grey ramp runs 8, 18, ..., 238.
    let grey_step = (average.saturating_sub(3) / 10).min(23) as u8;
    let grey_level = 8 + 10 * grey_step;
    if distance((grey_level, grey_level, grey_level)) < distance((rl, gl, bl)) {
        GREY_START + grey_step
    } else {
        cube_index
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terrain_glyphs_are_all_different() {
        let mut glyphs: Vec<char> = Terrain::ALL
            .iter()
            .map(|&t| terrain_look(t).glyph)
            .collect();
        glyphs.sort_unstable();
        glyphs.dedup();
        assert_eq!(glyphs.len(), Terrain::COUNT);
        assert!(!glyphs.contains(&'@'), "the player's glyph is taken");
    }

    #[test]
    fn no_color_wins_and_counts_pick_the_tier() {
        assert_eq!(ColorSupport::classify(true, u16::MAX), ColorSupport::None);
        assert_eq!(
            ColorSupport::classify(false, u16::MAX),
            ColorSupport::TrueColor
        );
        assert_eq!(ColorSupport::classify(false, 256), ColorSupport::Ansi256);
        assert_eq!(ColorSupport::classify(false, 8), ColorSupport::Ansi16);
    }

    #[test]
    fn no_colour_palette_has_no_colours() {
        let palette = Palette::new(ColorSupport::None);
        for terrain in Terrain::ALL {
            assert_eq!(palette.visible_terrain(terrain).1.fg, None);
            assert_eq!(palette.remembered_terrain(terrain).1.fg, None);
        }
        assert_eq!(palette.faction("goblins").fg, None);
        assert_eq!(palette.player().fg, None);
    }

    #[test]
    fn xterm_approximation_hits_exact_entries() {
        assert_eq!(xterm_256_index(0, 0, 0), 16);
        assert_eq!(xterm_256_index(255, 255, 255), 231);
        assert_eq!(xterm_256_index(255, 0, 0), 196);
        assert_eq!(xterm_256_index(128, 128, 128), 244);
    }

    #[test]
    fn unknown_factions_get_a_stable_colour() {
        let palette = Palette::new(ColorSupport::TrueColor);
        assert_eq!(palette.faction("frogs"), palette.faction("frogs"));
        assert!(palette.faction("frogs").fg.is_some());
    }
}
