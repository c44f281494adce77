"""npw.sandbox: each hostile behaviour is stopped within its limit, and npw goes on.

Every test uses limits of 1-2 s. After each one, the ``npw_goes_on`` fixture checks that the
sandbox left nothing behind (no folder, no process, no cgroup) and that a well-behaved child
still runs; ``test_npw_works_after_a_fork_bomb`` runs npw's own command line after one.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from npw import sandbox
from npw.sandbox import Limits, capabilities, run, start

PYTHON = sys.executable
FAST = Limits(cpu_seconds=1, memory_bytes=256 << 20, file_bytes=1 << 20, processes=8, wall_seconds=2)
LANDLOCK = capabilities()["writes outside the folder"].startswith("Landlock")
CGROUP = capabilities()["processes"].startswith("a pids cgroup")
BASH = "/bin/bash"


def python(code: str) -> list[str]:
    return [PYTHON, "-c", code]


@pytest.fixture(autouse=True)
def npw_goes_on():
    """After each test: a well-behaved child still runs, with the right answer."""
    yield
    after = run(python("print(input()[::-1])"), FAST, "olleh\n")
    assert (after.returncode, after.stdout, after.stopped_because) == (0, "hello\n", None)


@pytest.fixture
def folders(monkeypatch):
    """The working folders the sandboxes of a test made (each must be gone at its end)."""
    made = []
    original = sandbox.tempfile.mkdtemp

    def mkdtemp(*args, **kwargs):
        made.append(original(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(sandbox.tempfile, "mkdtemp", mkdtemp)
    yield made
    assert made and not [folder for folder in made if os.path.exists(folder)]


def leftovers(pid: int) -> list[int]:
    """Processes (not zombies) of the sandbox of child ``pid`` still alive: its group or session."""
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                fields = Path(f"/proc/{name}/stat").read_bytes().rsplit(b")", 1)[1].split()
            except OSError:
                continue
            if fields[0] not in (b"Z", b"X") and pid in (int(fields[2]), int(fields[3])):
                found.append(int(name))
    return found


@pytest.fixture
def no_cgroup(monkeypatch):
    """The sandbox as on a machine where npw may make no pids cgroup: the watchdog alone counts."""
    monkeypatch.setattr(sandbox, "_pids_hierarchy", lambda: None)
    assert not capabilities()["processes"].startswith("a pids cgroup")


# -- a well-behaved child --------------------------------------------------------------------------
def test_echo_child_with_pipes(folders):
    code = "import os, sys\nfor line in sys.stdin: print(line.strip().upper(), os.listdir(), os.getcwd() == os.environ['HOME'], flush=True)"
    with start(python(code), FAST, env={"EXTRA": "1"}) as child:
        folder = child.workdir
        assert os.path.isdir(folder) and os.listdir(folder) == []
        for word in ("one", "two"):
            print(word, file=child.stdin)
            assert child.stdout.readline() == f"{word.upper()} [] True\n"
        child.stdin.close()
        assert child.wait(5) == 0
        assert child.stopped_because is None
    assert not os.path.exists(folder)


def test_minimal_environment(monkeypatch):
    monkeypatch.setenv("NPW_SECRET", "x")
    monkeypatch.setenv("SOME_TOKEN", "y")
    result = run(python("import os, json; print(json.dumps(sorted(os.environ)))"), FAST, env={"NPW_PASSED": "1"})
    names = set(eval(result.stdout))  # noqa: S307 - a list of strings we printed
    assert {"PATH", "HOME", "TMPDIR", "LANG", "NPW_PASSED"} <= names
    assert "NPW_SECRET" not in names and "SOME_TOKEN" not in names


def test_exit_status_and_stderr_are_the_childs():
    result = run(python("import sys; print('out'); print('err', file=sys.stderr); sys.exit(3)"), FAST)
    assert (result.returncode, result.stdout, result.stderr, result.stopped_because) == (3, "out\n", "err\n", None)


def test_a_chatty_stderr_never_blocks_the_child():
    code = "import sys\nsys.stderr.write('x' * (4 << 20))\nsys.stderr.flush()\nprint('done')"
    with start(python(code), FAST) as child:  # nobody reads child.stderr
        assert child.stdout.readline() == "done\n"
        assert child.wait(5) == 0
        assert child.stderr_tail == "x" * sandbox.STDERR_TAIL_BYTES


# -- time --------------------------------------------------------------------------------------------
def test_cpu_loop_is_stopped_at_cpu_seconds(folders):
    # a wall time far beyond: on a busy machine 1 s of CPU may take some seconds
    result = run(python("while True: pass"), Limits(cpu_seconds=1, wall_seconds=30))
    assert result.stopped_because == "cpu time"
    assert result.returncode in (-9, -24)  # the watchdog's SIGKILL or RLIMIT_CPU's SIGXCPU


def test_cpu_time_is_summed_over_processes():
    code = "import os\nfor _ in range(3):\n    if os.fork() == 0: break\nwhile True: pass"
    result = run(python(code), Limits(cpu_seconds=1.5, processes=8, wall_seconds=30))
    assert result.stopped_because == "cpu time"
    assert result.returncode == -9  # the watchdog's sum, before any one process reaches RLIMIT_CPU (2 s, SIGXCPU)


def test_endless_sleep_is_killed_at_wall_seconds(folders):
    began = time.monotonic()
    with start(python("import time; time.sleep(1000)"), Limits(cpu_seconds=5, wall_seconds=1)) as child:
        child.wait(10)
        assert child.stopped_because == "wall time"
        # the child's own lifetime (from its start: start() itself may take 0.1 s and more under load)
        assert 0.9 < child.seconds < 1.6 and time.monotonic() - began < 3


def test_kill_ends_the_child_and_removes_its_folder(folders):
    child = start(python("import time; open('f', 'w').write('x'); time.sleep(1000)"), FAST)
    while not os.listdir(child.workdir):
        time.sleep(0.01)
    child.kill("call timeout")
    assert child.returncode == -9 and child.stopped_because == "call timeout"
    assert not os.path.exists(child.workdir)
    assert leftovers(child.pid) == []
    child.close()


# -- memory ------------------------------------------------------------------------------------------
def test_endless_allocation_is_stopped(folders):
    result = run(python("x = []\nwhile True: x.append(bytearray(1 << 20))"), FAST)
    assert result.stopped_because == "memory"
    assert result.returncode != 0


def test_resident_memory_is_summed_over_processes():
    code = ("import os, time\nfor _ in range(3):\n    if os.fork() == 0: break\n"
            "x = bytearray(100 << 20)\nfor i in range(0, len(x), 4096): x[i] = 1\ntime.sleep(5)")
    result = run(python(code), Limits(cpu_seconds=5, memory_bytes=256 << 20, processes=8, wall_seconds=4))
    assert result.stopped_because == "memory"  # 4 x 100 MiB resident > 256 MiB though each is under it


# -- processes ---------------------------------------------------------------------------------------
def test_python_fork_bomb_is_stopped(folders):
    with start(python("import os\nwhile True: os.fork()"), FAST) as child:
        child.wait(5)
        assert child.stopped_because == "processes"
        assert child.seconds < 1.5
        assert leftovers(child.pid) == []


@pytest.mark.skipif(not os.path.exists(BASH), reason="no bash")
def test_shell_fork_bomb_is_stopped():
    result = run([BASH, "-c", ":(){ :|:& };:; wait"], FAST)
    assert result.stopped_because == "processes"
    assert result.seconds < 1.5


@pytest.mark.parametrize("argv", [python("import os\nwhile True: os.fork()"), [BASH, "-c", ":(){ :|:& };:; wait"]],
                         ids=["python", "shell"])
def test_fork_bombs_are_stopped_by_the_watchdog_alone(argv, no_cgroup, folders):
    with start(argv, FAST) as child:
        child.wait(5)
        # without the cgroup a shell bomb sometimes collapses by itself first (its forks failing
        # on the machine's own process limit, 1 run in 5 here): then nothing stopped it and it
        # says so; it must never run on to its wall time nor leave anything behind
        assert child.stopped_because in ("processes", None), child.stopped_because
        assert child.seconds < 1.5
        time.sleep(0.05)
        assert leftovers(child.pid) == []


@pytest.mark.skipif(not os.path.exists(BASH), reason="no bash")
def test_shell_fork_bomb_left_behind_is_killed(folders):
    """The bomb's first process returns at once: the sandbox ends all it left."""
    with start([BASH, "-c", ":(){ :|:& };:"], FAST) as child:
        child.wait(5)
        time.sleep(0.1)
        assert leftovers(child.pid) == []


@pytest.mark.skipif(not CGROUP, reason="no pids cgroup on this machine: a process leaving its session escapes")
def test_a_process_that_leaves_the_session_is_killed_too():
    code = ("import os, time\nif os.fork() == 0:\n    os.setsid()\n    if os.fork() == 0:\n"
            "        open('/proc/self/stat').read(); time.sleep(60)\n    os._exit(0)\ntime.sleep(0.2)\nprint('bye')")
    before = set(_sleepers())
    result = run(python(code), FAST)
    assert result.stdout == "bye\n"
    time.sleep(0.1)
    assert set(_sleepers()) - before == set()


def _sleepers() -> list[int]:
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                if b"time.sleep(60)" in Path(f"/proc/{name}/cmdline").read_bytes():
                    found.append(int(name))
            except OSError:
                continue
    return found


def test_npw_works_after_a_fork_bomb():
    assert run(python("import os\nwhile True: os.fork()"), FAST).stopped_because == "processes"
    done = subprocess.run([PYTHON, "-m", "npw", "--version"], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(Path(sandbox.__file__).resolve().parents[1])})
    assert done.returncode == 0 and done.stdout.startswith("npw ")


# -- files -------------------------------------------------------------------------------------------
def test_a_file_past_file_bytes_is_stopped(folders):
    result = run(python("open('big', 'wb').write(b'x' * (4 << 20))"), FAST)
    assert result.stopped_because == "file size"


def test_a_file_past_file_bytes_by_a_c_program_is_stopped():
    result = run(["/bin/dd", "if=/dev/zero", "of=big", "bs=64K", "count=64"], FAST)  # 4 MiB, SIGXFSZ
    assert result.stopped_because == "file size"


def test_many_files_filling_the_folder_are_stopped(folders):
    code = "import time\nfor i in range(100):\n    open(f'f{i}', 'wb').write(b'x' * (900 << 10))\ntime.sleep(5)"
    result = run(python(code), Limits(cpu_seconds=5, file_bytes=1 << 20, wall_seconds=4))
    assert result.stopped_because == "file size"



@pytest.mark.skipif(not LANDLOCK, reason="no Landlock on this kernel: writes outside the folder are not prevented")
@pytest.mark.parametrize("where", ["project", "home", "tmp"])
def test_a_write_outside_the_folder_fails(where, tmp_path):
    target = {"project": Path(__file__).resolve().parent / "outside.txt",
              "home": Path(os.path.expanduser("~")) / "npw-sandbox-outside.txt",
              "tmp": tmp_path / "outside.txt"}[where]
    assert not target.exists()
    try:
        result = run(python(f"open({str(target)!r}, 'w').write('escaped')"), FAST)
        assert result.stopped_because == "wrote outside its folder"
        assert "Permission denied" in result.stderr
        assert not target.exists()
    finally:
        if target.exists():
            target.unlink()


@pytest.mark.skipif(not LANDLOCK, reason="no Landlock on this kernel")
def test_existing_files_outside_cannot_be_changed_or_removed(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("intact")
    code = (f"import os\nfor act in (lambda: open({str(victim)!r}, 'w'), lambda: os.remove({str(victim)!r}),"
            f" lambda: os.rename({str(victim)!r}, 'stolen'), lambda: os.truncate({str(victim)!r}, 0)):\n"
            "    try: act(); print('done')\n    except PermissionError: print('denied')")
    result = run(python(code), FAST)
    assert result.stdout == "denied\n" * 4
    assert victim.read_text() == "intact"


# -- privileges --------------------------------------------------------------------------------------
def test_the_child_cannot_raise_its_limits():
    result = run(python("import resource\nresource.setrlimit(resource.RLIMIT_CPU, (100, 100))"), FAST)
    assert result.returncode != 0 and "not allowed to raise" in result.stderr


@pytest.mark.skipif("no signals out" not in capabilities()["writes outside the folder"], reason="Landlock ABI < 6")
def test_the_child_cannot_signal_processes_outside():
    bystander = subprocess.Popen(["sleep", "30"])  # were the scope to fail, this dies, not the test run
    try:
        result = run(python(f"import os, signal\nos.kill({bystander.pid}, signal.SIGKILL)"), FAST)
        assert result.returncode != 0 and "Operation not permitted" in result.stderr
        assert bystander.poll() is None
    finally:
        bystander.kill()
        bystander.wait()


def test_capabilities_name_every_protection():
    found = capabilities()
    assert set(found) == {"cpu time", "memory", "file size", "processes", "wall time", "writes outside the folder",
                          "privileges"}
    assert all(isinstance(value, str) and value for value in found.values())


def test_a_program_that_does_not_exist_is_an_os_error(folders):
    with pytest.raises(OSError):
        start(["/nonexistent/program"], FAST)


@pytest.mark.skipif(not LANDLOCK, reason="no Landlock on this kernel")
def test_readable_keeps_other_files_out_of_reach(tmp_path):
    secret, allowed = tmp_path / "hidden_seed.toml", tmp_path / "allowed"
    secret.write_text("seed = 42")
    allowed.mkdir()
    (allowed / "submission.txt").write_text("mine")
    code = (f"import os\nprint(open({str(allowed / 'submission.txt')!r}).read())\nopen('own', 'w').write('x')\n"
            f"print(open('own').read())\nfor path in ({str(secret)!r}, {str(tmp_path)!r}, {str(Path.home())!r}):\n"
            "    try: open(path).read() if os.path.isfile(path) else os.listdir(path); print('read')\n"
            "    except PermissionError: print('denied')")
    result = run(python(code), FAST, readable=[str(allowed)])
    assert result.stdout == "mine\nx\ndenied\ndenied\ndenied\n", result.stderr
    assert run(python(f"print(open({str(secret)!r}).read())"), FAST).stdout == "seed = 42\n"  # without readable: all


@pytest.mark.skipif(os.geteuid() != 0, reason="the read-only mount namespace is root's")
def test_without_landlock_root_makes_all_but_the_folder_read_only(monkeypatch, tmp_path):
    monkeypatch.setattr(sandbox, "_landlock_abi", lambda: 0)
    if not capabilities()["writes outside the folder"].startswith("a read-only mount namespace"):
        pytest.skip("no mount namespaces here")
    target = tmp_path / "outside.txt"
    result = run(python(f"open('inside', 'w').write('x')\nprint(open('inside').read())\nopen({str(target)!r}, 'w')"), FAST)
    assert result.stdout == "x\n" and "Read-only file system" in result.stderr
    assert result.stopped_because == "wrote outside its folder" and not target.exists()


def test_without_landlock_nor_mounts_the_sandbox_says_so(monkeypatch, tmp_path):
    monkeypatch.setattr(sandbox, "_landlock_abi", lambda: 0)
    monkeypatch.setattr(sandbox, "_mount_fallback", lambda: False)
    assert capabilities()["writes outside the folder"] == "not prevented"
    result = run(python("print('runs')"), FAST)  # the other limits still hold
    assert result.stdout == "runs\n"
    with pytest.raises(OSError, match="no Landlock"):
        start(python("pass"), FAST, readable=[str(tmp_path)])
