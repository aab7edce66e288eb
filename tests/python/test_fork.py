"""A process forked after its parent used the GPU (multiprocessing's 'fork'
start method, the default on Linux before Python 3.14): CUDA carries no
context across fork(), so every device operation of the child raises
CudaError "CUDA initialized before forking" (numba-cuda's words), the child
exits cleanly, and the parent's GPU keeps working. Each case runs in a fresh
interpreter, so that the fork happens from a process this test controls.
On the CPU backend a forked child runs kernels as its parent does."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

SCRIPT = textwrap.dedent("""
    import multiprocessing as mp, os, sys
    import numpy as np
    import pyjit
    from pyjit import cuda

    @cuda.jit
    def add_one(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] += 1

    def child(conn):
        parent_array = D                     # inherited through fork, not pickled
        results = {"available": cuda.is_available(), "error": cuda.cuda_error()}
        for name, action in [
                ("to_device", lambda: cuda.to_device(np.arange(4.0))),
                ("launch_inherited", lambda: add_one[1, 32](parent_array)),
                ("synchronize", lambda: cuda.synchronize()),
                ("copy_inherited", lambda: parent_array.copy_to_host())]:
            try:
                action()
                results[name] = "no error"
            except pyjit.CudaError as e:
                results[name] = "%s: %s" % (type(e).__name__, e)
            except Exception as e:
                results[name] = "OTHER %s: %s" % (type(e).__name__, e)
        conn.send(results)

    if __name__ == "__main__":
        D = d = cuda.to_device(np.zeros(8))
        add_one[1, 32](d)                     # the parent uses the GPU first
        cuda.synchronize()
        ctx = mp.get_context("fork")
        mine, theirs = ctx.Pipe()
        p = ctx.Process(target=child, args=(theirs,))
        p.start()
        theirs.close()                        # a child that dies ends recv() with EOFError
        got = mine.recv() if mine.poll(120) else {"child": "no answer in 120 s"}
        p.join(30)
        print("exitcode=%s" % p.exitcode)
        for key in sorted(got):
            print("%s=%s" % (key, got[key]))
        add_one[1, 32](d)                     # the parent's GPU still works
        print("parent=%s" % d.copy_to_host().tolist())
""")


def _run(tmp_path, env_extra=None):
    script = tmp_path / "fork_case.py"
    script.write_text(SCRIPT)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path), **(env_extra or {}))
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          env=env, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = dict(line.split("=", 1) for line in done.stdout.splitlines() if "=" in line)
    return lines, done.stderr


@pytest.mark.gpu
def test_forked_child_gets_a_clear_error_and_the_parent_keeps_working(tmp_path):
    got, stderr = _run(tmp_path)
    for op in ("to_device", "launch_inherited", "synchronize", "copy_inherited"):
        assert got[op].startswith("CudaError: CUDA initialized before forking: process "), (op, got)
        assert "'spawn'" in got[op], got[op]
    assert got["available"] == "False"
    assert got["error"].startswith("CUDA initialized before forking")
    # The parent ran add_one twice on zeros, once before and once after the fork.
    assert got["parent"] == str([2.0] * 8)
    assert got["exitcode"] == "0"
    assert "Traceback" not in stderr, stderr


def test_forked_child_runs_kernels_on_the_cpu_backend(tmp_path):
    got, stderr = _run(tmp_path, {"PYJIT_TARGET": "cpu"})
    assert got["available"] in ("True", "False")  # whatever the machine has
    assert got["to_device"] == "no error"
    assert got["launch_inherited"] == "no error"  # the child's own copy of the parent's memory
    assert got["synchronize"] == "no error"
    assert got["copy_inherited"] == "no error"
    assert got["parent"] == str([2.0] * 8)
    assert got["exitcode"] == "0"



THREADS_SCRIPT = textwrap.dedent("""
    import os, select, threading, time
    import numpy as np
    from pyjit import cuda

    @cuda.jit
    def busy(a, n):
        i = cuda.grid(1)
        if i < a.size:
            s = 0.0
            for j in range(n):
                s += j * 0.5
            a[i] = s

    @cuda.jit
    def grow(a, t):
        s = 0.0
        for x in t:
            s += x
        a[0] = s

    def launcher():                      # holds a launch's record lock
        a = np.zeros(4096)
        while True:
            busy[64, 64](a, 3000)

    def compiler():                      # holds the compile and cache locks
        n = 1
        while True:
            grow[1, 1](np.zeros(1), tuple(float(i) for i in range(n % 40 + 1)))
            n += 1

    busy[64, 64](np.zeros(4096), 1)
    for f in (launcher, compiler):
        threading.Thread(target=f, daemon=True).start()
    time.sleep(0.3)
    answers = 0
    for n in range(8):
        time.sleep(0.02 * n)
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:                     # the same kernels, and a new signature
            a = np.zeros(4096)
            busy[64, 64](a, 3)
            grow[1, 1](np.zeros(1), (1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 9.5) * 5)
            os.write(w, b"%d" % int(a[1] == 1.5))
            os._exit(0)
        os.close(w)
        if select.select([r], [], [], 60)[0] and os.read(r, 8) == b"1":
            answers += 1
        else:
            os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(r)
    print("answers=%d" % answers)
""")


def test_a_child_forked_while_threads_compile_and_launch_runs_kernels(tmp_path):
    # A thread that held one of pyjit's locks when the process forked does
    # not exist in the child; the child gets the locks back unlocked
    # (pyjit._locks) instead of waiting forever. CPU backend: its launches
    # hold a lock for their whole run.
    script = tmp_path / "fork_threads.py"
    script.write_text(THREADS_SCRIPT)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path), PYJIT_TARGET="cpu",
               PYJIT_CACHE_DIR=str(tmp_path / "cache"))
    done = subprocess.run([sys.executable, "-W", "ignore", str(script)], capture_output=True,
                          text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    # busy(a, 3) gives 0 + 0.5 + 1.0 = 1.5 in each element: every child answered.
    assert "answers=8" in done.stdout, done.stdout + done.stderr


GRID_SYNC_SCRIPT = textwrap.dedent("""
    import os, select, threading, time
    import numpy as np
    from pyjit import cuda

    @cuda.jit
    def rounds(out, n):
        g = cuda.cg.this_grid()
        for r in range(n):
            out[cuda.grid(1)] += 1
            g.sync()

    rounds[2, 32](np.zeros(64), 1)
    threading.Thread(target=lambda: rounds[2, 32](np.zeros(64), 10 ** 7), daemon=True).start()
    time.sleep(0.3)                      # the thread holds the grid-sync launch lock
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        b = np.zeros(64)
        rounds[2, 32](b, 3)
        os.write(w, b"%d" % int((b == 3).all()))
        os._exit(0)
    os.close(w)
    answered = bool(select.select([r], [], [], 60)[0]) and os.read(r, 8) == b"1"
    if not answered:
        os.kill(pid, 9)
    os.waitpid(pid, 0)
    print("answered=%s" % answered)
    os._exit(0)                          # (the thread's launch runs on)
""")


def test_a_child_forked_during_a_grid_sync_launch_runs_one(tmp_path):
    # The CPU backend runs one grid-synchronizing launch at a time under a
    # C++ mutex; a forked child gets it back unlocked (ForkSafeMutex).
    script = tmp_path / "fork_grid_sync.py"
    script.write_text(GRID_SYNC_SCRIPT)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path), PYJIT_TARGET="cpu")
    done = subprocess.run([sys.executable, "-W", "ignore", str(script)], capture_output=True,
                          text=True, env=env, timeout=300)
    assert "answered=True" in done.stdout, done.stdout + done.stderr
