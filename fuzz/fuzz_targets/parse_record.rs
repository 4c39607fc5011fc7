#![no_main]
//! Record text: never panics, parses back what it prints, and replay of any
//! parsed record either succeeds or names a turn.

use libfuzzer_sys::fuzz_target;
use senet_engine::Kendall;
use senet_engine::kendall_v1::Record;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(record) = text.parse::<Record>() {
            assert_eq!(record.to_string().parse::<Record>(), Ok(record.clone()));
            if let Err(error) = record.replay(Kendall) {
                assert!(error.index < record.len());
            }
        }
    }
});
