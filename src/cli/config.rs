//! `fogcrawl config`: where the monster config comes from, or an editable
//! copy written to the user's config folder.

use std::process::ExitCode;

use crate::cli::output::{print_err, print_out};
use fogcrawl_core::{ConfigSource, escape_controls};

/// `fogcrawl config`: where the monster config comes from; with `--init`,
/// writes the built-in config to the user's config folder.
pub fn run(init: bool) -> ExitCode {
    let Some(user_copy) = fogcrawl_core::user_config_path() else {
        print_err("fogcrawl: there is no home folder, so no user config folder");
        return ExitCode::FAILURE;
    };
    let user_copy_shown = escape_controls(&user_copy.display().to_string()).into_owned();
    if init {
        return match fogcrawl_core::write_user_copy(&user_copy) {
            Ok(()) => print_out(&format!(
                "fogcrawl: wrote the built-in monster config to {user_copy_shown}; edit it, even while playing\n"
            )),
            Err(err) => {
                print_err(&format!("fogcrawl: {}", escape_controls(&err.to_string())));
                ExitCode::FAILURE
            }
        };
    }
    let in_use = fogcrawl_core::default_config_source();
    let hint = if in_use == ConfigSource::BuiltIn {
        "\n(`fogcrawl config --init` writes an editable copy there)"
    } else {
        ""
    };
    print_out(&format!(
        "monster config: {}\nsearched: ./levels/monsters.toml, then {user_copy_shown}, then the built-in config{hint}\n",
        escape_controls(&in_use.to_string())
    ))
}
