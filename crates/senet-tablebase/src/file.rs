//! The tables' files.
//!
//! # Table file (`kendall-N.tb`)
//!
//! Little-endian throughout.
//!
//! | offset | size | field |
//! | --- | --- | --- |
//! | 0 | 8 | magic `SENETTB` and a zero byte |
//! | 8 | 2 | format version, 1 |
//! | 10 | 1 | N, the most pieces a side |
//! | 11 | 1 | bits a value, 16 or 32 |
//! | 12 | 16 | rule set, `kendall`, zero padded |
//! | 28 | 8 | tolerance of the solve (`f64`): largest change in the last sweep |
//! | 36 | 8 | largest equation gap measured at build (`f64`) |
//! | 44 | 4 | L, the number of layers, N² |
//! | 48 | 16·L | directory: own count (u8), their count (u8), 6 zero bytes, positions (u64) |
//! | 48 + 16·L | … | each layer's values in directory order, one after another |
//!
//! A layer's values are in index order (see [`crate::index`]); value `q` of
//! `bits` bits stands for the win chance `q / (2^bits − 1)` of the side
//! about to throw. Layers are in [`crate::layers`] order, so a reader may
//! stop after the layers it wants.
//!
//! # Work layer file (`layer-A-B.f64`)
//!
//! One solved layer at full precision, for solving layer by layer across
//! runs or machines: magic `SENETL64`, own count (u8), their count (u8),
//! 6 zero bytes, positions (u64), then the `f64` values in index order.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::Path;

use crate::index::{Layer, layers};
use crate::tables::{Tables, Values};

const MAGIC: &[u8; 8] = b"SENETTB\0";
const LAYER_MAGIC: &[u8; 8] = b"SENETL64";
const VERSION: u16 = 1;
const RULES: &[u8] = b"kendall";

/// Why a file could not be read or written.
#[derive(Debug)]
pub enum FileError {
    /// The file system said no.
    Io(std::io::Error),
    /// The file is not what it should be.
    Format(String),
}

impl core::fmt::Display for FileError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            FileError::Io(e) => write!(f, "{e}"),
            FileError::Format(why) => write!(f, "not a valid table file: {why}"),
        }
    }
}

impl std::error::Error for FileError {}

impl From<std::io::Error> for FileError {
    fn from(e: std::io::Error) -> FileError {
        if e.kind() == std::io::ErrorKind::UnexpectedEof {
            FileError::Format("the file ends too soon".to_owned())
        } else {
            FileError::Io(e)
        }
    }
}

fn bad(why: &str) -> FileError {
    FileError::Format(why.to_owned())
}

/// Writes tables to `path` (replacing it).
pub fn write_tables(tables: &Tables, path: &Path) -> Result<(), FileError> {
    let mut out = BufWriter::new(File::create(path)?);
    out.write_all(MAGIC)?;
    out.write_all(&VERSION.to_le_bytes())?;
    out.write_all(&[tables.max, tables.bits])?;
    let mut rules = [0u8; 16];
    rules[..RULES.len()].copy_from_slice(RULES);
    out.write_all(&rules)?;
    out.write_all(&tables.tolerance.to_le_bytes())?;
    out.write_all(&tables.residual.to_le_bytes())?;
    out.write_all(&(tables.layers.len() as u32).to_le_bytes())?;
    for (layer, values) in &tables.layers {
        out.write_all(&[layer.own, layer.theirs, 0, 0, 0, 0, 0, 0])?;
        out.write_all(&(values.len() as u64).to_le_bytes())?;
    }
    for (_, values) in &tables.layers {
        match values {
            Values::Narrow(v) => v.iter().try_for_each(|q| out.write_all(&q.to_le_bytes()))?,
            Values::Wide(v) => v.iter().try_for_each(|q| out.write_all(&q.to_le_bytes()))?,
        }
    }
    out.flush()?;
    Ok(())
}

fn read_array<const K: usize>(input: &mut impl Read) -> Result<[u8; K], FileError> {
    let mut bytes = [0u8; K];
    input.read_exact(&mut bytes)?;
    Ok(bytes)
}

/// Reads tables from `path`, checking every header field and length.
pub fn read_tables(path: &Path) -> Result<Tables, FileError> {
    let mut input = BufReader::new(File::open(path)?);
    if &read_array::<8>(&mut input)? != MAGIC {
        return Err(bad("wrong magic (not a Senet table file)"));
    }
    let version = u16::from_le_bytes(read_array(&mut input)?);
    if version != VERSION {
        return Err(FileError::Format(format!(
            "format version {version}, expected {VERSION}"
        )));
    }
    let [max, bits] = read_array(&mut input)?;
    if !(1..=5).contains(&max) {
        return Err(FileError::Format(format!(
            "{max} pieces a side (1 to 5 allowed)"
        )));
    }
    if bits != 16 && bits != 32 {
        return Err(FileError::Format(format!(
            "{bits} bits a value (16 or 32 allowed)"
        )));
    }
    let rules: [u8; 16] = read_array(&mut input)?;
    if rules[..RULES.len()] != *RULES || rules[RULES.len()..].iter().any(|&b| b != 0) {
        return Err(bad("not a table of Kendall's rules"));
    }
    let tolerance = f64::from_le_bytes(read_array(&mut input)?);
    let residual = f64::from_le_bytes(read_array(&mut input)?);
    let count = u32::from_le_bytes(read_array(&mut input)?);
    let expected = layers(max);
    if count as usize != expected.len() {
        return Err(FileError::Format(format!(
            "{count} layers, expected {}",
            expected.len()
        )));
    }
    for &layer in &expected {
        let head: [u8; 8] = read_array(&mut input)?;
        let len = u64::from_le_bytes(read_array(&mut input)?);
        if head[0] != layer.own || head[1] != layer.theirs || len != layer.len() {
            return Err(FileError::Format(format!(
                "directory entry for layer {}v{} is wrong",
                layer.own, layer.theirs
            )));
        }
    }
    let mut out = Vec::with_capacity(expected.len());
    for layer in expected {
        let len = usize::try_from(layer.len()).map_err(|_| bad("layer too large"))?;
        let mut bytes = vec![0u8; len * usize::from(bits / 8)];
        input.read_exact(&mut bytes)?;
        let values = if bits == 16 {
            Values::Narrow(
                bytes
                    .chunks_exact(2)
                    .map(|c| u16::from_le_bytes([c[0], c[1]]))
                    .collect(),
            )
        } else {
            Values::Wide(
                bytes
                    .chunks_exact(4)
                    .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                    .collect(),
            )
        };
        out.push((layer, values));
    }
    if input.read(&mut [0u8; 1])? != 0 {
        return Err(bad("bytes after the last layer"));
    }
    Ok(Tables {
        max,
        bits,
        tolerance,
        residual,
        layers: out,
    })
}

/// The work file name of a layer: `layer-A-B.f64`.
#[must_use]
pub fn work_file_name(layer: Layer) -> String {
    format!("layer-{}-{}.f64", layer.own, layer.theirs)
}

/// Writes one solved layer at full precision.
pub fn write_work_layer(path: &Path, layer: Layer, values: &[f64]) -> Result<(), FileError> {
    let mut out = BufWriter::new(File::create(path)?);
    out.write_all(LAYER_MAGIC)?;
    out.write_all(&[layer.own, layer.theirs, 0, 0, 0, 0, 0, 0])?;
    out.write_all(&(values.len() as u64).to_le_bytes())?;
    values
        .iter()
        .try_for_each(|v| out.write_all(&v.to_le_bytes()))?;
    out.flush()?;
    Ok(())
}

/// Reads one solved layer written by [`write_work_layer`].
pub fn read_work_layer(path: &Path, layer: Layer) -> Result<Vec<f64>, FileError> {
    let mut input = BufReader::new(File::open(path)?);
    if &read_array::<8>(&mut input)? != LAYER_MAGIC {
        return Err(bad("wrong magic (not a work layer file)"));
    }
    let head: [u8; 8] = read_array(&mut input)?;
    let len = u64::from_le_bytes(read_array(&mut input)?);
    if head[0] != layer.own || head[1] != layer.theirs || len != layer.len() {
        return Err(bad("the work file is for another layer"));
    }
    let len = usize::try_from(len).map_err(|_| bad("layer too large"))?;
    let mut bytes = vec![0u8; len * 8];
    input.read_exact(&mut bytes)?;
    let values: Vec<f64> = bytes
        .chunks_exact(8)
        .map(|c| f64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]))
        .collect();
    if values.iter().any(|v| !(0.0..=1.0).contains(v)) {
        return Err(bad("a value outside 0..1"));
    }
    Ok(values)
}

/// The standard directory of table files: `$XDG_DATA_HOME/senet`, else
/// `$HOME/.local/share/senet` (relative values are ignored, as the XDG
/// specification asks). The same place `senet tablebase build` writes to.
#[must_use]
pub fn standard_dir() -> Option<std::path::PathBuf> {
    let absolute = |v: std::ffi::OsString| {
        let path = std::path::PathBuf::from(v);
        path.is_absolute().then_some(path)
    };
    std::env::var_os("XDG_DATA_HOME")
        .and_then(absolute)
        .or_else(|| {
            std::env::var_os("HOME")
                .and_then(absolute)
                .map(|h| h.join(".local/share"))
        })
        .map(|d| d.join("senet"))
}

/// The table file at the standard location with the most pieces a side
/// (`kendall-5.tb` down to `kendall-1.tb`), if there is one.
#[must_use]
pub fn find_standard() -> Option<std::path::PathBuf> {
    (1..=5)
        .rev()
        .filter_map(standard_file)
        .find(|p| p.is_file())
}

/// The standard file for tables of `n` pieces a side: `kendall-N.tb` in
/// [`standard_dir`].
#[must_use]
pub fn standard_file(n: u8) -> Option<std::path::PathBuf> {
    standard_dir().map(|d| d.join(format!("kendall-{n}.tb")))
}
