//! Class 12: crafted saves with a valid checksum that claim sizes no valid
//! game has. Every size is checked before anything is allocated for it, so
//! each save is set aside with a reason (never an abort asking for 40 GB),
//! in the binary format and in the JSON of format 1; a claimed unpacked
//! length is checked against what the largest game needs and against what
//! the compressed blocks really hold before memory is taken for it. A
//! 5 MB message in the log (which would cost seconds a frame) is refused
//! the same way.

use fogcrawl_core::{
    SAVE_FORMAT, SAVE_MAGIC as MAGIC, decode_save_format, pack_save_body, unpack_save_body,
};
use serde_json::{Value, json};

use crate::child::{child_dir, run_case, said};
use crate::damaged_saves::{Ending, assert_set_aside, damaged, load_and_play};
use crate::fixtures::binary_save_of;

/// A side no level has: 100000x100000 cells of f32 would be 40 GB.
const HUGE_SIDE: u64 = 100_000;

/// The save file around an encoded game `raw`, with a correct checksum,
/// claiming `claimed` bytes unpacked.
fn pack(body: &[u8], claimed: u64) -> Vec<u8> {
    let mut bytes = Vec::new();
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&SAVE_FORMAT.to_le_bytes());
    bytes.extend_from_slice(&claimed.to_le_bytes());
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(&claimed.to_le_bytes());
    hasher.update(body);
    bytes.extend_from_slice(&hasher.finalize().to_le_bytes());
    bytes.extend_from_slice(body);
    bytes
}

/// The encoded game inside a save file.
fn unpack(save: &[u8]) -> Vec<u8> {
    let body = &save[30..];
    let claimed = u64::from_le_bytes(save[18..26].try_into().expect("8 bytes"));
    let claimed = usize::try_from(claimed).expect("a length that fits");
    unpack_save_body(body, claimed).expect("a save the game wrote unpacks")
}

fn varint(mut value: u64) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out.push(byte);
            return out;
        }
        out.push(byte | 0x80);
    }
}

/// The duel with its influence maps empty (so each is encoded as its 10x4
/// size and no cells), or with one of them claiming `side` squared.
fn duel_with_empty_influences(side: Option<u64>) -> Value {
    damaged(|game| {
        for faction in game["factions"].as_array_mut().expect("factions") {
            for layer in ["danger", "crowding", "threat"] {
                faction["influences"][layer] = json!({"width": 10, "height": 4, "cells": []});
            }
        }
        if let Some(side) = side {
            game["factions"][0]["influences"]["danger"] =
                json!({"width": side, "height": side, "cells": []});
        }
    })
}

/// 100000 is past the side limit; 30000 is within it, but 900 million
/// cells (3.6 GB) are far more than a save of a few KB can hold.
#[test]
fn an_influence_map_claiming_100000_squared_cells_is_set_aside_in_json() {
    for (side, because) in [
        (HUGE_SIDE, "a 100000x100000 grid is larger than any level"),
        (
            30_000,
            "a 30000x30000 grid is larger than the save can hold",
        ),
    ] {
        let save = duel_with_empty_influences(Some(side));
        match load_and_play(serde_json::to_vec(&save).unwrap()) {
            Ending::SetAside { reason, kept } => {
                assert!(reason.contains(because), "{reason}");
                assert!(kept);
            }
            other => panic!("not set aside: {other:?}"),
        }
    }
}

#[test]
fn an_influence_map_claiming_100000_squared_cells_is_set_aside_in_binary() {
    let plain = binary_save_of(&duel_with_empty_influences(None)).unwrap();
    let raw = unpack(&plain);
    // Each empty influence map is its width, height and cell count: 10, 4, 0.
    let mut crafted = Vec::new();
    let mut at = 0;
    while at < raw.len() {
        if raw[at..].starts_with(&[10, 4, 0]) {
            crafted.extend(varint(HUGE_SIDE));
            crafted.extend(varint(HUGE_SIDE));
            crafted.push(0);
            at += 3;
        } else {
            crafted.push(raw[at]);
            at += 1;
        }
    }
    assert!(crafted.len() > raw.len(), "the influence maps were found");
    let body = pack_save_body(&crafted);
    let save = pack(&body, crafted.len() as u64);
    match load_and_play(save) {
        Ending::SetAside { reason, kept } => {
            assert!(
                reason.contains(
                    "its game does not decode: a 100000x100000 grid is larger than any level"
                ),
                "{reason}"
            );
            assert!(kept);
        }
        other => panic!("not set aside: {other:?}"),
    }
}

/// The peak memory of this process so far, in kB (Linux).
#[cfg(target_os = "linux")]
fn peak_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("a VmHWM line")
}

/// 2.2 MB that LZ4 cannot shrink (and no runs of one byte), packed as a
/// save's body is.
fn incompressible_body() -> Vec<u8> {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let raw: Vec<u8> = (0..2_200_000)
        .map(|_| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            (state >> 56) as u8
        })
        .collect();
    pack_save_body(&raw)
}

/// Claims of 512 MB (beyond the largest game) and of 150 MB (within it,
/// but not what the blocks hold) are refused before memory is taken for
/// them: the child's peak stays far below either.
#[cfg(target_os = "linux")]
#[test]
fn a_claimed_unpacked_length_is_checked_before_memory_is_taken() {
    const CLAIMS: [u64; 2] = [512 << 20, 150 << 20];
    if let Some(dir) = child_dir() {
        for claim in CLAIMS {
            let save = std::fs::read(dir.join(format!("{claim}.bin"))).unwrap();
            let err = decode_save_format(&save).expect_err("refused");
            println!("{claim}: {err}");
        }
        println!("peak {} kB", peak_kb());
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let body = incompressible_body();
    for claim in CLAIMS {
        std::fs::write(dir.path().join(format!("{claim}.bin")), pack(&body, claim)).unwrap();
    }
    let name = "crafted_sizes::a_claimed_unpacked_length_is_checked_before_memory_is_taken";
    let output = run_case(name, dir.path(), "true");
    assert!(output.status.success(), "{}", said(&output));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let peak: u64 = stdout
        .lines()
        .find_map(|line| line.strip_prefix("peak "))
        .and_then(|rest| rest.trim_end_matches(" kB").parse().ok())
        .unwrap_or_else(|| panic!("{}", said(&output)));
    assert!(
        peak < 100_000,
        "the load peaked at {peak} kB\n{}",
        said(&output)
    );
    assert!(
        stdout.contains("the largest game needs"),
        "{}",
        said(&output)
    );
    assert!(
        stdout.contains("where the header says"),
        "{}",
        said(&output)
    );
}

#[test]
fn a_5_mb_message_in_the_log_is_set_aside() {
    assert_set_aside(
        damaged(|game| {
            game["log"]["messages"]
                .as_array_mut()
                .unwrap()
                .push(json!({"time": 0.0, "text": "x".repeat(5_000_000), "importance": "Info"}));
        }),
        "of the log is 5000000 bytes long; accepted: at most 4096",
    );
}
