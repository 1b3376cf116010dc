//! `dagaz serve`: the built browser page (`cargo xtask web` writes it to `target/web`) served
//! over HTTP on 127.0.0.1 until the process is interrupted.
//!
//! The page is static files, so this is a file server and nothing more: `GET` and `HEAD`,
//! one content type per extension, `/` and any directory answered by its `index.html`. Every
//! URL path is percent-decoded, split at `/` and resolved below the root; a `..`, a component
//! that is not a plain name, or a file whose real path (symbolic links followed) lies outside
//! the root is answered 404 like a missing file, so nothing outside the root is ever read.
//! Requests are answered one at a time on the calling thread (tiny_http reads them on its
//! own threads): the files are small and the server is local.

use std::io::Write;
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tiny_http::{Header, Method, Request, Response, Server};

/// Where `cargo xtask web` writes the page, relative to a workspace.
const BUILT_PAGE: &str = "target/web";

/// What `dagaz serve` is asked for (the clap arguments, as plain values).
#[derive(Clone, Debug)]
pub(crate) struct Options {
    /// The port on 127.0.0.1; 0 asks the system for a free one.
    pub port: u16,
    /// Open the page in the default browser once the server listens.
    pub open: bool,
    /// The directory to serve; `None` for the built page of the current directory or of the
    /// workspace this program was built in.
    pub root: Option<PathBuf>,
    /// A line per request on standard error.
    pub verbose: bool,
}

/// Why the page cannot be served.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ServeError {
    /// `--root` names a directory without an `index.html`.
    #[error("no page to serve in {0}: it has no index.html (`cargo xtask web` builds the page into target/web)")]
    NoPage(String),
    /// No `--root`, and neither default place holds a built page.
    #[error(
        "no built page in {0}: build it with `cargo xtask web`, or name a directory with --root"
    )]
    NotBuilt(String),
    /// The root cannot be made absolute.
    #[error("cannot read {path}: {source}")]
    Root {
        path: String,
        source: std::io::Error,
    },
    /// The port is taken or not ours to use.
    #[error("cannot listen on 127.0.0.1:{port}: {message}")]
    Listen { port: u16, message: String },
}

/// Serves the page as `options` say, printing `serving http://127.0.0.1:PORT/` on `out` first,
/// until the process is interrupted (Ctrl-C); returns early only with the error of a root
/// without a page or a port that cannot be had.
pub(crate) fn run(
    options: &Options,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), String> {
    let root = page_root(options.root.as_deref()).map_err(|e| format!("error: {e}\n"))?;
    let server = Server::http(("127.0.0.1", options.port)).map_err(|e| {
        let e = ServeError::Listen {
            port: options.port,
            message: e.to_string(),
        };
        format!("error: {e}\n")
    })?;
    let port = server
        .server_addr()
        .to_ip()
        .map_or(options.port, |a| a.port());
    let url = format!("http://127.0.0.1:{port}/");
    // The first line is what a script waits for (`--port 0`): written and flushed at once.
    let _ = writeln!(out, "serving {url}");
    let _ = out.flush();
    let _ = writeln!(err, "files from {}; Ctrl-C stops", root.display());
    if options.open {
        if let Err(e) = opener::open_browser(&url) {
            let _ = writeln!(err, "warning: cannot open a browser ({e}); open {url}");
        }
    }
    let mut log = |line: &str| {
        if options.verbose {
            let _ = writeln!(err, "{line}");
        }
    };
    serve(&server, &root, &AtomicBool::new(false), &mut log);
    Ok(())
}

/// The directory to serve, made absolute: `root` when given (it must hold `index.html`), else
/// `target/web` under the current directory, else under the workspace this program was built
/// in.
pub(crate) fn page_root(root: Option<&Path>) -> Result<PathBuf, ServeError> {
    let (found, tried) = match root {
        Some(dir) => (
            dir.join("index.html").is_file().then(|| dir.to_path_buf()),
            dir.display().to_string(),
        ),
        None => {
            let here = PathBuf::from(BUILT_PAGE);
            // This crate's manifest is crates/dagaz-cli/Cargo.toml in the workspace.
            let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).ancestors().nth(2);
            let built = workspace.unwrap_or(Path::new(".")).join(BUILT_PAGE);
            let found = [&here, &built]
                .into_iter()
                .find(|dir| dir.join("index.html").is_file())
                .cloned();
            (found, format!("{} or {}", here.display(), built.display()))
        }
    };
    let Some(dir) = found else {
        return Err(if root.is_some() {
            ServeError::NoPage(tried)
        } else {
            ServeError::NotBuilt(tried)
        });
    };
    dir.canonicalize().map_err(|source| ServeError::Root {
        path: dir.display().to_string(),
        source,
    })
}

/// Answers requests until `stop` is set and the server unblocked (`Server::unblock`); `log`
/// is given a line per request (`GET /index.html 200`).
pub(crate) fn serve(server: &Server, root: &Path, stop: &AtomicBool, log: &mut dyn FnMut(&str)) {
    loop {
        match server.recv() {
            Ok(request) => {
                let line = format!("{} {}", request.method(), request.url());
                let status = answer(root, request);
                log(&format!("{line} {status}"));
            }
            Err(_) if stop.load(Ordering::SeqCst) => return,
            // Accepting a connection failed (too many open files, say): a later one may not.
            Err(e) => {
                log(&format!("error: {e}"));
                std::thread::sleep(Duration::from_millis(50));
            }
        }
    }
}

/// Responds to one request; answers the status code sent.
fn answer(root: &Path, request: Request) -> u16 {
    if !matches!(request.method(), Method::Get | Method::Head) {
        let response = Response::from_string("only GET and HEAD\n").with_status_code(405);
        let response = with_header(response, "Allow", "GET, HEAD");
        let _ = request.respond(response);
        return 405;
    }
    let file = resolve(root, request.url()).and_then(|path| {
        let file = std::fs::File::open(&path).ok()?;
        Some((file, content_type(&path)))
    });
    let Some((file, kind)) = file else {
        let response = Response::from_string("not found\n").with_status_code(404);
        let response = with_header(response, "Content-Type", "text/plain; charset=utf-8");
        let _ = request.respond(response);
        return 404;
    };
    let response = with_header(Response::from_file(file), "Content-Type", kind);
    // A rebuilt page is seen at the next reload.
    let response = with_header(response, "Cache-Control", "no-cache");
    let _ = request.respond(response);
    200
}

/// `response` with the header `name: value` added.
fn with_header<R: std::io::Read>(response: Response<R>, name: &str, value: &str) -> Response<R> {
    match Header::from_bytes(name.as_bytes(), value.as_bytes()) {
        Ok(header) => response.with_header(header),
        // Only a name or value that is not ASCII is refused, and this module writes none.
        Err(()) => response,
    }
}

/// The file below `root` (an absolute, canonical path) that the URL path `url` names: percent-
/// decoded, a directory meaning its `index.html`; `None` when there is none, or when the path
/// would leave the root (`..`, a component that is not a plain name, a symbolic link that
/// points outside).
pub(crate) fn resolve(root: &Path, url: &str) -> Option<PathBuf> {
    let path = url.split(['?', '#']).next().unwrap_or_default();
    let path = path.strip_prefix('/')?;
    let decoded = percent_encoding::percent_decode_str(path)
        .decode_utf8()
        .ok()?;
    let mut file = root.to_path_buf();
    for part in decoded.split('/') {
        if part.is_empty() || part == "." {
            continue;
        }
        // Only a plain name: not `..`, not a root or a drive, nothing with a separator of
        // another system in it.
        let mut components = Path::new(part).components();
        let plain = matches!(components.next(), Some(Component::Normal(_)))
            && components.next().is_none()
            && !part.contains(['\\', '\0']);
        if !plain {
            return None;
        }
        file.push(part);
    }
    let mut file = file.canonicalize().ok()?;
    if file.is_dir() {
        file = file.join("index.html").canonicalize().ok()?;
    }
    (file.starts_with(root) && file.is_file()).then_some(file)
}

/// The `Content-Type` of a file, by its extension.
pub(crate) fn content_type(path: &Path) -> &'static str {
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default()
        .to_ascii_lowercase();
    match extension.as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "ico" => "image/x-icon",
        "game" | "txt" | "md" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;
    use std::net::TcpStream;
    use std::sync::Arc;

    /// A fresh directory under the system's temporary one, removed when dropped.
    struct TempDir(PathBuf);

    impl TempDir {
        fn new(name: &str) -> TempDir {
            let dir =
                std::env::temp_dir().join(format!("dagaz-serve-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            TempDir(dir)
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// A page: `site/index.html`, `site/pkg/dagaz_web_bg.wasm`, `site/games/a b.game`, and a
    /// `secret.txt` beside `site`.
    fn page(name: &str) -> (TempDir, PathBuf) {
        let tmp = TempDir::new(name);
        let site = tmp.0.join("site");
        std::fs::create_dir_all(site.join("pkg")).unwrap();
        std::fs::create_dir_all(site.join("games")).unwrap();
        std::fs::write(site.join("index.html"), "<!doctype html>").unwrap();
        std::fs::write(site.join("pkg/dagaz_web_bg.wasm"), b"\0asm").unwrap();
        std::fs::write(site.join("games/a b.game"), "(game)").unwrap();
        std::fs::write(tmp.0.join("secret.txt"), "secret").unwrap();
        let site = site.canonicalize().unwrap();
        (tmp, site)
    }

    #[test]
    fn paths_resolve_below_the_root() {
        let (_tmp, site) = page("resolve");
        assert_eq!(resolve(&site, "/"), Some(site.join("index.html")));
        assert_eq!(
            resolve(&site, "/index.html?x=1#y"),
            Some(site.join("index.html"))
        );
        assert_eq!(
            resolve(&site, "/pkg/"),
            None,
            "a directory without index.html"
        );
        assert_eq!(
            resolve(&site, "/pkg//./dagaz_web_bg.wasm"),
            Some(site.join("pkg/dagaz_web_bg.wasm"))
        );
        assert_eq!(
            resolve(&site, "/games/a%20b.game"),
            Some(site.join("games/a b.game"))
        );
        assert_eq!(resolve(&site, "/missing.js"), None);
        assert_eq!(resolve(&site, "index.html"), None, "not a path");
    }

    #[test]
    fn no_path_escapes_the_root() {
        let (_tmp, site) = page("escape");
        for url in [
            "/../secret.txt",
            "/pkg/../../secret.txt",
            "/%2e%2e/secret.txt",
            "/..%2fsecret.txt",
            "/%2E%2E%2Fsecret.txt",
            "/games/..%5c..%5csecret.txt",
            "//etc/passwd",
            "/%2fetc%2fpasswd",
            "/index.html%00.png",
            "/%ff",
        ] {
            assert_eq!(resolve(&site, url), None, "{url}");
        }
        // A `..` that stays inside is refused too: the page never needs one.
        assert_eq!(resolve(&site, "/pkg/../index.html"), None);
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_out_of_the_root_is_not_followed() {
        let (tmp, site) = page("symlink");
        std::os::unix::fs::symlink(tmp.0.join("secret.txt"), site.join("out.txt")).unwrap();
        std::os::unix::fs::symlink(&tmp.0, site.join("up")).unwrap();
        std::os::unix::fs::symlink(site.join("index.html"), site.join("in.html")).unwrap();
        assert_eq!(resolve(&site, "/out.txt"), None);
        assert_eq!(resolve(&site, "/up/secret.txt"), None);
        assert_eq!(resolve(&site, "/in.html"), Some(site.join("index.html")));
    }

    #[test]
    fn content_types_follow_the_extension() {
        for (file, kind) in [
            ("index.html", "text/html; charset=utf-8"),
            ("style.css", "text/css; charset=utf-8"),
            ("app.js", "text/javascript; charset=utf-8"),
            ("worker.mjs", "text/javascript; charset=utf-8"),
            ("pkg/dagaz_web_bg.wasm", "application/wasm"),
            ("games/index.json", "application/json"),
            ("icon.svg", "image/svg+xml"),
            ("shot.PNG", "image/png"),
            ("games/chess.game", "text/plain; charset=utf-8"),
            ("LICENSE", "application/octet-stream"),
        ] {
            assert_eq!(content_type(Path::new(file)), kind, "{file}");
        }
    }

    #[test]
    fn a_root_without_index_html_names_the_build_command() {
        let tmp = TempDir::new("noindex");
        let e = page_root(Some(&tmp.0)).unwrap_err().to_string();
        assert!(e.contains("cargo xtask web"), "{e}");
        let mut out = Vec::new();
        let mut err = Vec::new();
        let options = Options {
            port: 0,
            open: false,
            root: Some(tmp.0.clone()),
            verbose: false,
        };
        let e = run(&options, &mut out, &mut err).unwrap_err();
        assert!(e.starts_with("error: no page to serve in "), "{e}");
        assert!(out.is_empty());
    }

    /// Sends one HTTP/1.0 request and answers the whole response (the server closes it).
    fn fetch(port: u16, request: &str) -> String {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        let mut response = Vec::new();
        stream.read_to_end(&mut response).unwrap();
        String::from_utf8_lossy(&response).into_owned()
    }

    #[test]
    fn a_server_on_port_0_answers_real_requests() {
        let (_tmp, site) = page("server");
        let server = Arc::new(Server::http("127.0.0.1:0").unwrap());
        let port = server.server_addr().to_ip().unwrap().port();
        assert_ne!(port, 0);
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let (server, stop, site) = (server.clone(), stop.clone(), site.clone());
            std::thread::spawn(move || {
                let mut lines = Vec::new();
                serve(&server, &site, &stop, &mut |l| lines.push(l.to_string()));
                lines
            })
        };

        let index = fetch(port, "GET / HTTP/1.0\r\n\r\n");
        assert!(index.starts_with("HTTP/1.0 200"), "{index}");
        assert!(
            index.contains("Content-Type: text/html; charset=utf-8\r\n"),
            "{index}"
        );
        assert!(index.ends_with("\r\n\r\n<!doctype html>"), "{index}");

        let wasm = fetch(port, "GET /pkg/dagaz_web_bg.wasm HTTP/1.0\r\n\r\n");
        assert!(
            wasm.contains("Content-Type: application/wasm\r\n"),
            "{wasm}"
        );
        assert!(wasm.contains("Content-Length: 4\r\n"), "{wasm}");

        let head = fetch(port, "HEAD /games/a%20b.game HTTP/1.0\r\n\r\n");
        assert!(head.starts_with("HTTP/1.0 200"), "{head}");
        assert!(head.ends_with("\r\n\r\n"), "no body: {head}");

        let escape = fetch(port, "GET /../secret.txt HTTP/1.0\r\n\r\n");
        assert!(escape.starts_with("HTTP/1.0 404"), "{escape}");
        assert!(!escape.contains("secret"), "{escape}");

        let post = fetch(port, "POST / HTTP/1.0\r\nContent-Length: 0\r\n\r\n");
        assert!(post.starts_with("HTTP/1.0 405"), "{post}");

        stop.store(true, Ordering::SeqCst);
        server.unblock();
        let lines = thread.join().unwrap();
        assert_eq!(
            lines,
            [
                "GET / 200",
                "GET /pkg/dagaz_web_bg.wasm 200",
                "HEAD /games/a%20b.game 200",
                "GET /../secret.txt 404",
                "POST / 405",
            ]
        );
    }
}
