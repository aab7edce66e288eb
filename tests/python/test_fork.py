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
