//! "Did you mean `diag-points`?": the name nearest a misspelt one, among the names a game
//! declares for the kind of thing wanted.

/// The candidate nearest `name` by edit distance (a swap of two letters counts one), when it
/// is near enough to be a likely slip: at most one edit in a short name, one in three in a
/// longer one, and fewer edits than the shorter name has letters (`n` is no slip for `e`,
/// nor `a1` for `1`). Letter case counts for
/// nothing more than a slip. Ties go to the first candidate.
pub fn nearest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let length = name.chars().count();
    let limit = (length / 3).max(1);
    let lower = name.to_lowercase();
    candidates
        .into_iter()
        .filter(|c| *c != name)
        .map(|c| {
            let other = c.to_lowercase();
            let distance = strsim::osa_distance(&lower, &other);
            let whole = distance >= length.min(other.chars().count());
            (if whole { usize::MAX } else { distance }, c)
        })
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::nearest;

    #[test]
    fn near_names_are_found_and_far_ones_are_not() {
        let zones = ["diag-points", "promotion", "last-rank"];
        assert_eq!(nearest("diagpoints", zones), Some("diag-points"));
        assert_eq!(nearest("promtoion", zones), Some("promotion"));
        assert_eq!(nearest("palace", zones), None);
        assert_eq!(
            nearest("is-emtpy?", ["is-empty?", "not-empty?"]),
            Some("is-empty?")
        );
        assert_eq!(nearest("Chess", ["chess", "chess960"]), Some("chess"));
        assert_eq!(nearest("n", ["ne", "s"]), None);
        assert_eq!(nearest("a1", ["1", "2"]), None);
        assert_eq!(nearest("n", ["e", "s"]), None);
        assert_eq!(nearest("c7", ["c1", "b7"]), Some("c1"));
        assert_eq!(nearest("x", ["abc"]), None);
    }
}
