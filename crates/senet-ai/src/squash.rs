//! The evaluations' squash: a raw score to a value in `(-1, 1)` by
//! `tanh`, computed without libm. The search calls it at every leaf, and
//! libm's `tanh` (through `expm1`) was 11 % of the expert's instructions
//! (`docs/benchmarks.md`, "The evaluation's squash"); a rational function
//! is a few multiplications and one division.

/// Past this the approximant would pass 1; `tanh` is within 1e-4 of 1
/// there.
const LIMIT: f64 = 4.97;

/// `tanh(x)` within 1e-4 everywhere, 2e-8 for `|x| ≤ 2` and 1e-11 for
/// `|x| ≤ 1`: the [7/6] Padé approximant (Lambert's continued fraction),
/// odd, increasing, and strictly inside `(-1, 1)`.
#[inline]
#[must_use]
pub fn tanh(x: f64) -> f64 {
    let x = x.clamp(-LIMIT, LIMIT);
    let x2 = x * x;
    let num = x * (135_135.0 + x2 * (17_325.0 + x2 * (378.0 + x2)));
    let den = 135_135.0 + x2 * (62_370.0 + x2 * (3_150.0 + 28.0 * x2));
    num / den
}

#[cfg(test)]
mod tests {
    use super::tanh;

    #[test]
    fn close_to_tanh_odd_increasing_and_inside() {
        let mut previous = -1.0;
        for i in -100_000..=100_000 {
            let x = f64::from(i) / 10_000.0; // −10 ..= 10
            let y = tanh(x);
            let error = (y - x.tanh()).abs();
            let bound = if x.abs() <= 1.0 {
                1e-11
            } else if x.abs() <= 2.0 {
                2e-8
            } else {
                1e-4
            };
            assert!(error <= bound, "x = {x}: {y} against {}", x.tanh());
            assert!(y > -1.0 && y < 1.0, "x = {x}: {y}");
            assert!(y >= previous, "decreasing at {x}");
            assert_eq!(tanh(-x), -y);
            previous = y;
        }
        assert_eq!(tanh(0.0), 0.0);
        assert!(tanh(f64::INFINITY) < 1.0 && tanh(f64::INFINITY) > 0.9999);
        assert!(tanh(1e300) > 0.9999);
    }
}
