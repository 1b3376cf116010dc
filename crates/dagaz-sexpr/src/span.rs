//! Byte spans and their translation to line and column.
//!
//! Nodes keep byte offsets only; line and column are computed when a message is rendered, so
//! the reader's hot loop never counts lines.

use std::fmt;

/// A half-open byte range `start..end` into one source text.
///
/// Byte offsets, not characters: the reader's loop finds them for free, and slicing the text
/// with them is cheap. The span does not say which text it belongs to; the default, `0..0`,
/// marks something made by code rather than read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// The offset of the first byte.
    pub start: usize,
    /// The offset just past the last byte; not before `start` in the spans the reader makes.
    pub end: usize,
}

impl Span {
    /// The bytes from `start` up to, not including, `end`. Not checked: an inverted span
    /// only makes a message point at the wrong place.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn join(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

/// A 1-based line and column (the column counts characters, not bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCol {
    /// The line, counting from 1.
    pub line: usize,
    /// The column, counting characters from 1: `é` is one column although it is two bytes.
    pub col: usize,
}

impl fmt::Display for LineCol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// Line starts of a text, for turning byte offsets into [`LineCol`].
///
/// Built once per text when a message is to be shown; it borrows the text because columns
/// count characters, which needs the bytes of the line.
#[derive(Clone, Debug)]
pub struct LineIndex<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    /// Indexes `text`: one pass to find where each line starts. A line ends with `\n`,
    /// `\r\n` or a lone `\r`.
    pub fn new(text: &'a str) -> LineIndex<'a> {
        let bytes = text.as_bytes();
        let starts = std::iter::once(0)
            .chain(text.match_indices(['\n', '\r']).filter_map(|(i, c)| {
                // The `\r` of a `\r\n` is not a line end of its own.
                (c == "\n" || bytes.get(i + 1) != Some(&b'\n')).then_some(i + 1)
            }))
            .collect();
        LineIndex { text, starts }
    }

    /// The text this indexes.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// Line and column of a byte offset; offsets past the end clamp to the end. An offset
    /// inside a character counts the bytes of its line before it instead of characters.
    pub fn line_col(&self, offset: usize) -> LineCol {
        let offset = offset.min(self.text.len());
        let line = self.starts.partition_point(|&s| s <= offset).max(1);
        let start = self.starts.get(line - 1).copied().unwrap_or(0);
        let col = self
            .text
            .get(start..offset)
            .map_or(offset - start, |s| s.chars().count())
            + 1;
        LineCol { line, col }
    }

    /// The 1-based line that holds a byte offset (offsets past the end clamp to the end), and
    /// the bytes of that line without its line end.
    pub fn line_of(&self, offset: usize) -> (usize, std::ops::Range<usize>) {
        let offset = offset.min(self.text.len());
        let line = self.starts.partition_point(|&s| s <= offset).max(1);
        let start = self.starts.get(line - 1).copied().unwrap_or(0);
        let end = self.starts.get(line).map_or(self.text.len(), |&next| {
            let bytes = self.text.as_bytes();
            // A line ends with `\n`, `\r\n` or `\r`; `next` is just past that end.
            match (bytes.get(next.wrapping_sub(2)), bytes.get(next - 1)) {
                (Some(b'\r'), Some(b'\n')) if next >= start + 2 => next - 2,
                _ => next - 1,
            }
        });
        (line, start..end.max(start))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_are_one_based_and_count_chars() {
        let text = "ab\ncé d\n";
        let index = LineIndex::new(text);
        assert_eq!(index.line_col(0), LineCol { line: 1, col: 1 });
        assert_eq!(index.line_col(3), LineCol { line: 2, col: 1 });
        // 'é' is two bytes but one column.
        assert_eq!(index.line_col(6), LineCol { line: 2, col: 3 });
        assert_eq!(index.line_col(999), LineCol { line: 3, col: 1 });
    }

    #[test]
    fn a_line_ends_with_cr_lf_or_cr_alone() {
        for text in ["a\nb\nc", "a\r\nb\r\nc", "a\rb\rc", "a\r\nb\rc"] {
            let index = LineIndex::new(text);
            let c = text.len() - 1;
            assert_eq!(index.line_col(c), LineCol { line: 3, col: 1 }, "{text:?}");
            assert_eq!(index.line_col(0), LineCol { line: 1, col: 1 }, "{text:?}");
        }
    }

    #[test]
    fn line_of_gives_the_line_and_its_bytes_without_the_line_end() {
        let text = "ab\r\ncd\ref\n\ngh";
        let index = LineIndex::new(text);
        assert_eq!(index.line_of(0), (1, 0..2));
        assert_eq!(index.line_of(2), (1, 0..2));
        assert_eq!(index.line_of(3), (1, 0..2));
        assert_eq!(index.line_of(4), (2, 4..6));
        assert_eq!(index.line_of(7), (3, 7..9));
        assert_eq!(index.line_of(10), (4, 10..10));
        assert_eq!(index.line_of(11), (5, 11..13));
        assert_eq!(index.line_of(99), (5, 11..13));
        assert_eq!(LineIndex::new("").line_of(0), (1, 0..0));
    }

    #[test]
    fn join_covers_both() {
        assert_eq!(Span::new(4, 6).join(Span::new(1, 2)), Span::new(1, 6));
    }
}
