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

/// Lines of a text, for turning byte offsets into [`LineCol`].
///
/// Built once per text when a message is to be shown; it borrows the text because columns
/// count characters, which needs the bytes of the line. It does not keep every line start:
/// every 4 KiB of text it notes the line there and where that line starts, and a lookup counts
/// the line ends between that note and the offset. So a text of 60 million short lines costs a
/// few hundred kilobytes (not half a gigabyte), and a lookup in a 60 MB line reads at most
/// 4 KiB to find its line.
#[derive(Clone, Debug)]
pub struct LineIndex<'a> {
    text: &'a str,
    /// The line that holds each multiple of [`MARK_SPACING`] up to the text's length:
    /// `(line, where it starts)`.
    marks: Vec<(usize, usize)>,
}

/// How far apart the notes of a [`LineIndex`] are, in bytes of text.
const MARK_SPACING: usize = 4096;

/// The line ends of `bytes`, as the offsets just past each: `\n`, `\r\n` (one end) or a lone
/// `\r`. `after` is the byte that follows `bytes` in the text, which decides a last `\r`.
fn line_ends(bytes: &[u8], after: Option<u8>) -> impl Iterator<Item = usize> + '_ {
    bytes.iter().enumerate().filter_map(move |(i, &b)| {
        let next = bytes.get(i + 1).copied().or(after);
        // The `\r` of a `\r\n` is not a line end of its own.
        (b == b'\n' || (b == b'\r' && next != Some(b'\n'))).then_some(i + 1)
    })
}

impl<'a> LineIndex<'a> {
    /// Indexes `text`: one pass over its line ends. A line ends with `\n`, `\r\n` or a lone
    /// `\r`.
    pub fn new(text: &'a str) -> LineIndex<'a> {
        let mut marks = Vec::with_capacity(text.len() / MARK_SPACING + 1);
        let (mut line, mut start, mut next) = (1, 0, 0);
        for end in line_ends(text.as_bytes(), None) {
            // The offsets before this line end are on the line it ends.
            while next < end {
                marks.push((line, start));
                next += MARK_SPACING;
            }
            line += 1;
            start = end;
        }
        while next <= text.len() {
            marks.push((line, start));
            next += MARK_SPACING;
        }
        LineIndex { text, marks }
    }

    /// The text this indexes.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The 1-based line of a byte offset (offsets past the end clamp to the end) and the
    /// offset where that line starts.
    pub fn line_start(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let at = offset / MARK_SPACING;
        let (line, start) = self.marks.get(at).copied().unwrap_or((1, 0));
        let from = at * MARK_SPACING;
        let bytes = self.text.as_bytes();
        let between = bytes.get(from..offset).unwrap_or_default();
        line_ends(between, bytes.get(offset).copied())
            .fold((line, start), |(line, _), end| (line + 1, from + end))
    }

    /// Line and column of a byte offset; offsets past the end clamp to the end. An offset
    /// inside a character counts the bytes of its line before it instead of characters.
    pub fn line_col(&self, offset: usize) -> LineCol {
        let offset = offset.min(self.text.len());
        let (line, start) = self.line_start(offset);
        let col = self
            .text
            .get(start..offset)
            .map_or(offset - start, |s| s.chars().count())
            + 1;
        LineCol { line, col }
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
    fn line_start_gives_the_line_and_where_it_starts() {
        let text = "ab\r\ncd\ref\n\ngh";
        let index = LineIndex::new(text);
        assert_eq!(index.line_start(0), (1, 0));
        assert_eq!(index.line_start(2), (1, 0));
        assert_eq!(index.line_start(3), (1, 0));
        assert_eq!(index.line_start(4), (2, 4));
        assert_eq!(index.line_start(7), (3, 7));
        assert_eq!(index.line_start(10), (4, 10));
        assert_eq!(index.line_start(11), (5, 11));
        assert_eq!(index.line_start(99), (5, 11));
        assert_eq!(LineIndex::new("").line_start(0), (1, 0));
    }

    /// Against every line start, on a text long enough for many notes, with all three line
    /// ends, lines longer than the notes' spacing and characters of several bytes.
    #[test]
    fn sparse_marks_answer_as_every_line_start_would() {
        let mut text = String::new();
        for i in 0..3000 {
            text.push_str(["ab", "é", "", "xyz\r", "«»"][i % 5]);
            text.push_str(["\n", "\r\n", "\r"][i % 3]);
            if i % 700 == 0 {
                text.push_str(&"w".repeat(5000));
            }
        }
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        for (i, &b) in bytes.iter().enumerate() {
            if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
                starts.push(i + 1);
            }
        }
        let index = LineIndex::new(&text);
        assert!(index.marks.len() > 3, "{}", index.marks.len());
        // A mark every 4096 bytes of short lines: 245 for a million line ends.
        let lines = "\n".repeat(1_000_000);
        let sparse = LineIndex::new(&lines);
        assert_eq!(sparse.marks.len(), 245);
        assert_eq!(
            sparse.line_col(999_999),
            LineCol {
                line: 1_000_000,
                col: 1
            }
        );
        for offset in (0..=text.len()).filter(|&o| text.is_char_boundary(o)) {
            let line = starts.partition_point(|&s| s <= offset);
            let start = starts[line - 1];
            let col = text[start..offset].chars().count() + 1;
            assert_eq!(index.line_col(offset), LineCol { line, col }, "{offset}");
            assert_eq!(index.line_start(offset), (line, start), "{offset}");
        }
    }

    #[test]
    fn join_covers_both() {
        assert_eq!(Span::new(4, 6).join(Span::new(1, 2)), Span::new(1, 6));
    }
}
