use std::io::IsTerminal;

fn main() {
    let stderr = std::io::stderr();
    let progress = stderr.is_terminal();
    // Unlocked: the protocols answer from a search thread as well as from the reading one.
    let code = dagaz_cli::run_with_input(
        std::env::args_os(),
        &mut std::io::stdin().lock(),
        &mut std::io::stdout(),
        &mut stderr.lock(),
        progress,
    );
    std::process::exit(code);
}
