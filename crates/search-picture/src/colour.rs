//! One colour of a picture: 8-bit red, green and blue, as both writers need it
//! (SVG as `#rrggbb` text, PNG as bytes of an RGBA buffer).
//!
//! It must never know what a colour means: the picture's choices are in
//! the palette of whoever draws (the game's is `fogcrawl`'s
//! `search_picture::palette`).

use std::fmt;

/// An opaque colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rgb {
    pub red: u8,
    pub green: u8,
    pub blue: u8,
}

impl Rgb {
    /// The colour written `0xRRGGBB`, as colours are usually given.
    #[must_use]
    pub const fn hex(value: u32) -> Self {
        Self {
            red: ((value >> 16) & 0xff) as u8,
            green: ((value >> 8) & 0xff) as u8,
            blue: (value & 0xff) as u8,
        }
    }

    /// This colour moved `amount` of the way to `other` (0: this colour, 1: `other`;
    /// amounts outside 0..=1 are clamped).
    #[must_use]
    pub fn mix(self, other: Rgb, amount: f64) -> Rgb {
        let amount = amount.clamp(0.0, 1.0);
        let channel = |from: u8, to: u8| {
            let value = f64::from(from) + (f64::from(to) - f64::from(from)) * amount;
            // Clamped to 0..=255 above, so the cast cannot wrap.
            value.round().clamp(0.0, 255.0) as u8
        };
        Rgb {
            red: channel(self.red, other.red),
            green: channel(self.green, other.green),
            blue: channel(self.blue, other.blue),
        }
    }

    /// The RGBA bytes of this colour, fully opaque.
    #[must_use]
    pub const fn rgba(self) -> [u8; 4] {
        [self.red, self.green, self.blue, u8::MAX]
    }
}

impl fmt::Display for Rgb {
    /// `#rrggbb`, as SVG and CSS write colours.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.red, self.green, self.blue)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_values_round_trip_through_display() {
        let colour = Rgb::hex(0x1d4ed8);
        assert_eq!(
            colour,
            Rgb {
                red: 0x1d,
                green: 0x4e,
                blue: 0xd8
            }
        );
        assert_eq!(colour.to_string(), "#1d4ed8");
        assert_eq!(colour.rgba(), [0x1d, 0x4e, 0xd8, 0xff]);
    }

    #[test]
    fn mixing_goes_from_one_colour_to_the_other_and_clamps() {
        let (black, white) = (Rgb::hex(0x000000), Rgb::hex(0xffffff));
        assert_eq!(black.mix(white, 0.0), black);
        assert_eq!(black.mix(white, 1.0), white);
        assert_eq!(black.mix(white, 0.5), Rgb::hex(0x808080));
        assert_eq!(black.mix(white, 7.0), white);
        assert_eq!(white.mix(black, -1.0), white);
    }
}
