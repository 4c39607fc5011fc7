#![no_main]
//! Position text: never panics, and what parses prints back to itself.

use libfuzzer_sys::fuzz_target;
use senet_engine::Kendall;
use senet_engine::kendall_v1::Rules;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(position) = Kendall.parse_position(text) {
            assert_eq!(Kendall.position_text(&position), text);
        }
    }
});
