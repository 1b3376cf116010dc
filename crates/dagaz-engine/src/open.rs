//! Opening a game with the files it includes: a game file read from disk, its `include`s read
//! from its directory ([`Game::open`]), or a game held in memory among other texts, its
//! `include`s read from the same set (the shipped games compiled into a program).

use crate::check::{check_and_load, Problem};
use crate::error::LoadError;
use crate::model::Game;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The most game text read from one file: 64 MiB. A longer file (or an endless one, such as
/// `/dev/zero`) is refused after reading one byte more.
pub const MAX_GAME_TEXT: u64 = 64 << 20;

/// Texts held in memory by the name an `include` gives them (`"lib/moves.game"`).
pub type Texts = &'static [(&'static str, &'static str)];

/// A game file could not be read.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ReadFileError {
    /// The file system refused (no such file, a directory, no permission).
    #[error("cannot read {path}: {source}")]
    Io {
        /// The path as given.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The file holds more than [`MAX_GAME_TEXT`] bytes.
    #[error("cannot read {path}: a game file may hold at most {} MiB of text", MAX_GAME_TEXT >> 20)]
    TooLong {
        /// The path as given.
        path: String,
    },
    /// A byte that is not UTF-8.
    #[error("the game file is not UTF-8 text: byte 0x{byte:02X} here")]
    NotUtf8 {
        /// The path as given.
        path: String,
        /// The text up to the bad byte and on, each bad byte read as `U+FFFD`: the text to
        /// show the place in (the offset `at` is right in it).
        text: String,
        /// The byte offset of the first byte that is not UTF-8.
        at: usize,
        /// That byte.
        byte: u8,
    },
}

/// Opening a game failed: its file did not read, or its text did not load.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum OpenError {
    /// The file did not read.
    #[error(transparent)]
    Read(#[from] ReadFileError),
    /// The text read but does not load; the text is kept, to show where.
    #[error("{path}: {error}")]
    Load {
        /// The path as given.
        path: String,
        /// The game text.
        text: String,
        /// What is wrong in it (boxed: the error stays small for the `Ok` path).
        error: Box<LoadError>,
    },
}

/// Where a game's `include`s are read from.
#[derive(Clone, Debug)]
enum Includes {
    /// The files of a directory, then (for a name none of them has) the texts of a library.
    Dir(PathBuf, Texts),
    /// Only the texts of a set.
    Texts(Texts),
}

/// A game's text, where it came from, and where its `include`s are read.
///
/// ```no_run
/// let source = dagaz_engine::GameSource::read("games/chess.game".as_ref())?;
/// let game = source.load()?;
/// assert_eq!(game.name(), "chess");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct GameSource {
    origin: String,
    text: String,
    includes: Includes,
    /// The text is a Zillions rules file, translated before it is compiled.
    zrf: bool,
    /// Which of a Zillions file's games: 0, its `(game ...)`, or a `(variant ...)`.
    variant: usize,
}

impl GameSource {
    /// Reads the game file at `path` (at most [`MAX_GAME_TEXT`] bytes of UTF-8 text); its
    /// `include`s are read from the file's directory.
    pub fn read(path: &Path) -> Result<GameSource, ReadFileError> {
        let zrf = dagaz_zrf::is_zrf_name(&path.to_string_lossy());
        let text = if zrf {
            read_bytes(path).map(|bytes| dagaz_zrf::decode(&bytes))?
        } else {
            read_text(path)?
        };
        Ok(GameSource {
            origin: path.display().to_string(),
            text,
            includes: Includes::Dir(
                path.parent().map(Path::to_path_buf).unwrap_or_default(),
                &[],
            ),
            zrf,
            variant: 0,
        })
    }

    /// Whether the text is a Zillions rules file (its name ends in `.zrf`).
    pub fn is_zrf(&self) -> bool {
        self.zrf
    }

    /// The same source, opening variant `variant` of a Zillions file (0: its `(game ...)`;
    /// [`dagaz_zrf::variant_named`] finds one by title). A `.game` file has no variants, and
    /// ignores it.
    pub fn with_variant(mut self, variant: usize) -> GameSource {
        self.variant = variant;
        self
    }

    /// Which of a Zillions file's games it opens (0: its `(game ...)`).
    pub fn variant(&self) -> usize {
        self.variant
    }

    /// The games a Zillions file holds, in the order [`GameSource::with_variant`] numbers
    /// them; none for a `.game` file.
    pub fn variants(&self) -> Result<Vec<dagaz_zrf::Variant>, dagaz_zrf::ZrfError> {
        if !self.zrf {
            return Ok(Vec::new());
        }
        dagaz_zrf::variants(&self.text)
    }

    /// The number of the variant `choice` names, by number or title ([`dagaz_zrf::variant_named`]).
    pub fn variant_named(&self, choice: &str) -> Result<usize, dagaz_zrf::ZrfError> {
        dagaz_zrf::variant_named(&self.text, choice)
    }

    /// The game `name` of `texts` (`"chess.game"`), its `include`s read from `texts` too;
    /// `None` when `texts` has no such name.
    pub fn embedded(texts: Texts, name: &str) -> Option<GameSource> {
        let (name, text) = texts.iter().find(|(n, _)| *n == name)?;
        Some(GameSource {
            origin: (*name).to_string(),
            text: (*text).to_string(),
            includes: Includes::Texts(texts),
            zrf: dagaz_zrf::is_zrf_name(name),
            variant: 0,
        })
    }

    /// A file read from disk whose `include`s name files its directory does not have reads
    /// them from `library` instead (a game written outside the repository that includes
    /// `lib/moves.game`).
    pub fn with_library(mut self, library: Texts) -> GameSource {
        if let Includes::Dir(_, texts) = &mut self.includes {
            *texts = library;
        }
        self
    }

    /// The path or name the text came from, as messages name it.
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// The game text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The text of the file an `(include "NAME")` names, or why it cannot be read.
    pub fn include(&self, name: &str) -> Result<String, String> {
        let in_texts = |texts: Texts| {
            texts
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, text)| (*text).to_string())
        };
        match &self.includes {
            Includes::Texts(texts) => {
                in_texts(texts).ok_or_else(|| format!("no shipped game file is named {name:?}"))
            }
            Includes::Dir(dir, library) => {
                let path = dir.join(name);
                match read_text(&path) {
                    Err(ReadFileError::Io { source, .. })
                        if source.kind() == std::io::ErrorKind::NotFound =>
                    {
                        in_texts(library)
                            .ok_or_else(|| format!("cannot read {}: {source}", path.display()))
                    }
                    Err(ReadFileError::NotUtf8 { at, .. }) => {
                        Err(format!("not UTF-8 text (byte {at} is not)"))
                    }
                    Err(ReadFileError::TooLong { .. }) => Err(format!(
                        "a game file may hold at most {} MiB of text",
                        MAX_GAME_TEXT >> 20
                    )),
                    Err(e) => Err(e.to_string()),
                    Ok(text) => Ok(text),
                }
            }
        }
    }

    /// Compiles the game, its `include`s read as [`GameSource::include`] reads them.
    pub fn load(&self) -> Result<Game, LoadError> {
        if self.zrf {
            return Game::load_zrf(&self.text, self.variant, &mut |name| self.include(name));
        }
        Game::load_with(&self.text, &mut |name| self.include(name))
    }

    /// Every problem of the game ([`crate::check_with`]), its `include`s read as
    /// [`GameSource::include`] reads them.
    pub fn check(&self) -> Vec<Problem> {
        self.check_and_load().0
    }

    /// As [`GameSource::check`], and the game when no problem is an error
    /// ([`crate::check_and_load`]).
    pub fn check_and_load(&self) -> (Vec<Problem>, Option<Game>) {
        if self.zrf {
            let read = &mut |name: &str| self.include(name);
            return crate::check::check_and_load_zrf(&self.text, self.variant, read);
        }
        check_and_load(&self.text, &mut |name| self.include(name))
    }
}

impl Game {
    /// Opens the game file at `path`, its `include`s read from its directory: the one way
    /// every program and test opens a game file.
    ///
    /// ```no_run
    /// let game = dagaz_engine::Game::open("games/chess.game")?;
    /// assert_eq!(game.player_count(), 2);
    /// # Ok::<(), dagaz_engine::OpenError>(())
    /// ```
    pub fn open(path: impl AsRef<Path>) -> Result<Game, OpenError> {
        let source = GameSource::read(path.as_ref())?;
        source.load().map_err(|error| OpenError::Load {
            path: source.origin,
            text: source.text,
            error: Box::new(error),
        })
    }
}

/// Reads at most [`MAX_GAME_TEXT`] bytes from `path`.
fn read_bytes(path: &Path) -> Result<Vec<u8>, ReadFileError> {
    use std::io::Read;
    let shown = || path.display().to_string();
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(MAX_GAME_TEXT + 1).read_to_end(&mut bytes))
        .map_err(|source| ReadFileError::Io {
            path: shown(),
            source,
        })?;
    if bytes.len() as u64 > MAX_GAME_TEXT {
        return Err(ReadFileError::TooLong { path: shown() });
    }
    Ok(bytes)
}

/// Reads at most [`MAX_GAME_TEXT`] bytes of UTF-8 text from `path`.
fn read_text(path: &Path) -> Result<String, ReadFileError> {
    let shown = || path.display().to_string();
    let bytes = read_bytes(path)?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let byte = e.as_bytes().get(at).copied().unwrap_or(0);
        ReadFileError::NotUtf8 {
            path: shown(),
            text: String::from_utf8_lossy(e.as_bytes()).into_owned(),
            at,
            byte,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXTS: Texts = &[
        (
            "lib/b.game",
            r#"(board (name b) (dim "a-c") (dim "2-1") (dir (name n) 0 -1))"#,
        ),
        (
            "t.game",
            r#"(include "lib/b.game")
               (piece (name Man) (pre (check is-friend?) (take)) (move (check n) (check is-empty?)) (post (drop)))
               (game (name t) (board b) (players (White (Man a1)) (Black)))"#,
        ),
    ];

    #[test]
    fn an_embedded_game_reads_its_includes_from_its_set() {
        let source = GameSource::embedded(TEXTS, "t.game").unwrap();
        assert_eq!(source.origin(), "t.game");
        assert_eq!(source.load().unwrap().name(), "t");
        assert_eq!(source.check(), Vec::new());
        assert!(GameSource::embedded(TEXTS, "u.game").is_none());
        assert_eq!(
            source.include("lib/c.game").unwrap_err(),
            "no shipped game file is named \"lib/c.game\""
        );
    }

    #[test]
    fn a_file_reads_its_includes_beside_it_then_from_the_library() {
        let dir = std::env::temp_dir().join(format!("dagaz-open-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.game");
        std::fs::write(&path, TEXTS[1].1).unwrap();
        let err = Game::open(&path).unwrap_err();
        assert!(
            matches!(&err, OpenError::Load { error, .. } if matches!(&**error, LoadError::Compile(e) if e.kind.code() == "include")),
            "{err}"
        );
        let source = GameSource::read(&path).unwrap().with_library(TEXTS);
        assert_eq!(source.load().unwrap().name(), "t");
        assert!(matches!(
            Game::open(dir.join("none.game")),
            Err(OpenError::Read(ReadFileError::Io { .. }))
        ));
    }

    #[test]
    fn game_text_is_read_up_to_its_limit() {
        let err = read_text(Path::new("/dev/zero")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "cannot read /dev/zero: a game file may hold at most 64 MiB of text"
        );
    }
}
