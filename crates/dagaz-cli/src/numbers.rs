//! Every number the protocols and the options accept, with its range, read by checked
//! parses: a number outside its range is refused with a message that gives the range, never
//! shortened to fit (docs/protocols.md lists the ranges).

use clap::builder::{RangedI64ValueParser, RangedU64ValueParser};
use dagaz_search::{SearchLimits, MAX_DEPTH};
use std::fmt::Display;
use std::str::FromStr;
use std::time::Duration;

/// The largest transposition table, in MiB.
pub(crate) const MAX_HASH_MB: usize = 4096;
/// The most search threads.
pub(crate) const MAX_THREADS: usize = 256;
/// The most moves to the next time control a clock may give (UCI `movestogo`, Hub `moves`).
pub(crate) const MAX_MOVES_TO_GO: u32 = 1000;

/// The longest time, in milliseconds ([`SearchLimits::MAX_TIME`]).
fn max_millis() -> u64 {
    u64::try_from(SearchLimits::MAX_TIME.as_millis()).unwrap_or(u64::MAX)
}

/// `text` as an integer in `min..=max`; the message names `what` and the range.
pub(crate) fn integer<T>(what: &str, text: Option<&str>, min: T, max: T) -> Result<T, String>
where
    T: FromStr + PartialOrd + Display,
{
    text.and_then(|t| t.parse::<T>().ok())
        .filter(|n| *n >= min && *n <= max)
        .ok_or_else(|| {
            format!(
                "{what}: expected a number from {min} to {max}, found {}",
                found(text)
            )
        })
}

/// A search depth: 1 to [`MAX_DEPTH`].
pub(crate) fn depth(what: &str, text: Option<&str>) -> Result<u32, String> {
    integer(what, text, 1, MAX_DEPTH)
}

/// A number of nodes: at least 1.
pub(crate) fn nodes(what: &str, text: Option<&str>) -> Result<u64, String> {
    integer(what, text, 1, u64::MAX)
}

/// A table size in MiB: 1 to [`MAX_HASH_MB`].
pub(crate) fn hash(what: &str, text: Option<&str>) -> Result<usize, String> {
    integer(what, text, 1, MAX_HASH_MB)
}

/// Search threads: 1 to [`MAX_THREADS`].
pub(crate) fn threads(what: &str, text: Option<&str>) -> Result<usize, String> {
    integer(what, text, 1, MAX_THREADS)
}

/// Moves to the next time control: 1 to [`MAX_MOVES_TO_GO`].
pub(crate) fn moves_to_go(what: &str, text: Option<&str>) -> Result<u32, String> {
    integer(what, text, 1, MAX_MOVES_TO_GO)
}

/// A time in whole milliseconds, 0 to [`SearchLimits::MAX_TIME`].
pub(crate) fn millis(what: &str, text: Option<&str>) -> Result<Duration, String> {
    integer(what, text, 0, max_millis()).map(Duration::from_millis)
}

/// A time in seconds, decimals allowed, 0 to [`SearchLimits::MAX_TIME`].
pub(crate) fn seconds(what: &str, text: Option<&str>) -> Result<Duration, String> {
    let max = SearchLimits::MAX_TIME.as_secs();
    text.and_then(|t| t.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .filter(|d| *d <= SearchLimits::MAX_TIME)
        .ok_or_else(|| {
            format!(
                "{what}: expected seconds from 0 to {max}, found {}",
                found(text)
            )
        })
}

fn found(text: Option<&str>) -> String {
    text.map_or_else(|| "nothing".to_string(), |t| format!("{t:?}"))
}

/// `--hash`: 1 to [`MAX_HASH_MB`].
pub(crate) fn hash_option() -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::new().range(1..=MAX_HASH_MB as u64)
}

/// `--threads` of a search: 1 to [`MAX_THREADS`].
pub(crate) fn threads_option() -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::new().range(1..=MAX_THREADS as u64)
}

/// `--depth` of a search: 1 to [`MAX_DEPTH`].
pub(crate) fn depth_option() -> RangedI64ValueParser<u32> {
    RangedI64ValueParser::new().range(1..=i64::from(MAX_DEPTH))
}

/// `--movetime`: 0 to [`SearchLimits::MAX_TIME`] in milliseconds.
pub(crate) fn millis_option() -> RangedU64ValueParser<u64> {
    RangedU64ValueParser::new().range(0..=max_millis())
}

/// A count of at least 1 (`--nodes`).
pub(crate) fn positive_u64() -> RangedU64ValueParser<u64> {
    RangedU64ValueParser::new().range(1..=u64::MAX)
}

/// A count of at least 1 (`tune --games`).
pub(crate) fn positive_usize() -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::new().range(1..=u64::from(u32::MAX))
}

/// A count of at least 1 (`--repeat`).
pub(crate) fn positive_u32() -> RangedI64ValueParser<u32> {
    RangedI64ValueParser::new().range(1..=i64::from(u32::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_outside_their_range_are_refused_with_the_range() {
        assert_eq!(depth("go depth", Some("7")), Ok(7));
        assert_eq!(
            depth("go depth", Some("65")),
            Err("go depth: expected a number from 1 to 64, found \"65\"".to_string())
        );
        assert_eq!(
            hash("Hash", None),
            Err("Hash: expected a number from 1 to 4096, found nothing".to_string())
        );
        assert_eq!(
            millis("movetime", Some("250")),
            Ok(Duration::from_millis(250))
        );
        assert!(millis("movetime", Some("99999999999999")).is_err());
        assert_eq!(
            seconds("move-time", Some("0.5")),
            Ok(Duration::from_millis(500))
        );
        for bad in ["1e19", "1e30", "-1", "NaN", "inf", "x"] {
            assert_eq!(
                seconds("inc", Some(bad)),
                Err(format!(
                    "inc: expected seconds from 0 to 31622400, found {bad:?}"
                ))
            );
        }
    }
}
