//! The monster config as the game finds it in a checkout: the shipped copy in
//! `./levels` comes before the built-in one. (The config's own tests, parsing,
//! messages, changes and the watcher, are the core's: `fogcrawl-core`'s
//! `config/tests.rs`.)

use std::path::Path;

use fogcrawl_core::{ConfigSource, default_config_source};

#[test]
fn in_the_checkout_the_default_is_the_levels_folder_copy() {
    // Tests run in the package folder, whose `./levels` holds the shipped file.
    assert_eq!(
        default_config_source(),
        ConfigSource::File(Path::new("levels").join("monsters.toml"))
    );
}
