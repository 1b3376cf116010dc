use std::io::IsTerminal;

fn main() {
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let progress = stderr.is_terminal();
    let code = dagaz_cli::run(
        std::env::args_os(),
        &mut stdout.lock(),
        &mut stderr.lock(),
        progress,
    );
    std::process::exit(code);
}
