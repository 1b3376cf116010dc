"""Shared by the scripts in this folder: a private virtual environment per referee
library, and a dagaz binary that a concurrent build cannot swap mid-run."""

import atexit
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def ensure_venv_and_reexec(venv: Path, pin: str, flag: str, script: str) -> None:
    """Create `venv` with the pinned package `pin` ("name==version") and re-run `script` in
    it; `flag` (an environment variable) marks the re-run so it happens once."""
    if os.environ.get(flag) == "1":
        return
    py = venv / "bin" / "python"
    if not py.exists():
        print(f"creating virtual environment {venv.relative_to(REPO)}", file=sys.stderr)
        subprocess.check_call([sys.executable, "-m", "venv", str(venv)])
    dist, want = pin.split("==")
    probe = subprocess.run(
        [str(py), "-c", f"import importlib.metadata as m; print(m.version('{dist}'))"],
        capture_output=True,
        text=True,
    )
    if probe.returncode != 0 or probe.stdout.strip() != want:
        print(f"installing {pin} into {venv.relative_to(REPO)}", file=sys.stderr)
        subprocess.check_call(
            [str(py), "-m", "pip", "install", "--disable-pip-version-check", "-q", pin]
        )
    env = dict(os.environ)
    env[flag] = "1"
    os.execve(str(py), [str(py), str(Path(script).resolve()), *sys.argv[1:]], env)


def snapshot_dagaz(path: Path) -> Path:
    """Copy the binary to a private temporary directory, so that a concurrent
    `cargo build` that relinks target/release/dagaz cannot swap it mid-run."""
    tmp = Path(tempfile.mkdtemp(prefix="dagaz-snapshot-"))
    atexit.register(shutil.rmtree, tmp, True)
    copy = tmp / path.name
    shutil.copy2(path, copy)
    return copy


def ensure_dagaz(path: Path, force_build: bool) -> None:
    """Build the dagaz binary when it is missing (or when asked), retrying a failed build."""
    if path.exists() and not force_build:
        return
    for attempt in range(3):
        print("building dagaz: cargo build --release -p dagaz-cli", file=sys.stderr)
        r = subprocess.run(["cargo", "build", "--release", "-p", "dagaz-cli"], cwd=REPO)
        if r.returncode == 0 and path.exists():
            return
        if attempt < 2:
            print("build failed (the source may be mid-edit); retrying in 60 s", file=sys.stderr)
            time.sleep(60)
    sys.exit(f"error: could not build {path}")
