"""cuda.cg (numba.cuda's cooperative groups): cg.this_grid() and
GridGroup.sync(), a barrier for every thread of the grid, on both backends.

Expected values come from numpy (the same rounds computed on the host). On
the GPU a kernel that syncs its grid is launched with
cuLaunchCooperativeKernel; without that launch the device library's barrier
traps, so a correct result also shows the launch was cooperative. On the CPU
backend every thread of the grid is a fiber, all blocks at once."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import pyjit
from pyjit import cuda
from kernel_files import load_module


# Grids here are at most 8 blocks of at most 64 threads: resident at once on
# any GPU (an SM holds 16 or more such blocks), as a cooperative launch needs.


def make_relax(jit):
    @jit
    def relax(a, rounds):
        # Each round every element becomes the sum of itself and its right
        # neighbour (cyclic): the neighbour must be read before anyone
        # writes, and written before the next round reads.
        g = cuda.cg.this_grid()
        i = cuda.grid(1)
        n = a.size
        for r in range(rounds):
            v = a[(i + 1) % n]
            g.sync()
            a[i] += v
            g.sync()
    return relax


def test_grid_sync_rounds_match_numpy(jit):
    relax = make_relax(jit)
    threads, blocks = 64, 8
    a = np.arange(blocks * threads, dtype=np.int64) % 7
    expected = a.copy()
    for _ in range(5):
        expected = expected + np.roll(expected, -1)
    relax[blocks, threads](a, 5)
    np.testing.assert_array_equal(a, expected)


def test_grid_reduction_in_two_phases(jit):
    @jit
    def total(x, partial, out):
        # Phase 1: each block sums its slice into partial[block]; after the
        # grid barrier thread 0 of block 0 sums the partials.
        g = cuda.cg.this_grid()
        i = cuda.grid(1)
        if cuda.threadIdx.x == 0:
            s = 0
            base = cuda.blockIdx.x * cuda.blockDim.x
            for k in range(cuda.blockDim.x):
                s += x[base + k]
            partial[cuda.blockIdx.x] = s
        g.sync()
        if i == 0:
            t = 0
            for b in range(cuda.gridDim.x):
                t += partial[b]
            out[0] = t

    threads = 32
    blocks = 6
    x = np.random.default_rng(3).integers(0, 1000, blocks * threads).astype(np.int64)
    partial = np.zeros(blocks, np.int64)
    out = np.zeros(1, np.int64)
    total[blocks, threads](x, partial, out)
    np.testing.assert_array_equal(partial, x.reshape(blocks, threads).sum(axis=1))
    assert out[0] == x.sum()


def test_grid_group_through_device_function_and_alias(jit):
    from pyjit.cuda import cg

    @cuda.jit(device=True)
    def barrier(group):
        group.sync()

    @jit
    def shift(a, out):
        g = cg.this_grid()
        h = g  # a GridGroup is a value: copies name the same grid
        i = cuda.grid(1)
        a[i] = i * 3
        barrier(h)
        out[i] = a[(i + 1) % a.size]

    threads = 32
    blocks = 4
    n = blocks * threads
    a = np.zeros(n, np.int64)
    out = np.zeros(n, np.int64)
    shift[blocks, threads](a, out)
    np.testing.assert_array_equal(out, ((np.arange(n) + 1) % n) * 3)


def test_grid_sync_with_block_barriers_and_2d_grid(jit):
    @jit
    def transpose_blocks(a, out):
        # Block (bx, by) writes its tile; after the grid barrier it reads
        # the tile of block (by, bx), which another block wrote.
        tile = cuda.shared.array(4, np.int64)
        g = cuda.cg.this_grid()
        bx, by = cuda.blockIdx.x, cuda.blockIdx.y
        t = cuda.threadIdx.x
        tile[t] = (bx * 10 + by) * 100 + t
        cuda.syncthreads()
        a[bx, by, t] = tile[3 - t]
        g.sync()
        out[bx, by, t] = a[by, bx, t]

    a = np.zeros((2, 2, 4), np.int64)
    out = np.zeros((2, 2, 4), np.int64)
    transpose_blocks[(2, 2), 4](a, out)
    expected_a = np.empty((2, 2, 4), np.int64)
    for bx in range(2):
        for by in range(2):
            for t in range(4):
                expected_a[bx, by, t] = (bx * 10 + by) * 100 + (3 - t)
    np.testing.assert_array_equal(a, expected_a)
    np.testing.assert_array_equal(out, expected_a.transpose(1, 0, 2))


def test_kernels_without_grid_sync_are_not_cooperative(jit):
    relax = make_relax(jit)

    @jit
    def plain(a):
        a[cuda.grid(1)] = 1

    a = np.zeros(32, np.int64)
    relax[1, 32](a, 1)
    plain[1, 32](a)
    assert all(o.cooperative for o in relax.overloads.values())
    assert not any(o.cooperative for o in plain.overloads.values())


@pytest.mark.gpu
def test_cooperative_grid_too_large_names_the_limit():
    relax = make_relax(cuda.jit)
    a = cuda.to_device(np.zeros(1024, np.int64))
    relax[1, 1024](a, 1)  # compiles
    limit = relax.max_cooperative_grid_blocks(1024)
    big = cuda.device_array((limit + 1) * 1024, np.int64)
    with pytest.raises(pyjit.CudaError) as err:
        relax[limit + 1, 1024](big, 1)
    message = str(err.value)
    assert "cuLaunchCooperativeKernel" in message
    assert "CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE" in message
    assert "relax" in message and "max_cooperative_grid_blocks" in message
    cuda.synchronize()  # the context is still usable
    relax[limit, 1024](big, 1)
    cuda.synchronize()


@pytest.mark.gpu
def test_cooperative_flag_survives_the_disk_cache(tmp_path):
    # A fresh process that loads the kernel from the disk cache must still
    # launch it cooperatively (else the barrier traps).
    script = tmp_path / "main.py"
    script.write_text(textwrap.dedent("""
        import numpy as np
        import pyjit
        from pyjit import cuda

        @cuda.jit
        def relax(a, rounds):
            g = cuda.cg.this_grid()
            i = cuda.grid(1)
            n = a.size
            for r in range(rounds):
                v = a[(i + 1) % n]
                g.sync()
                a[i] += v
                g.sync()

        a = np.arange(256, dtype=np.int64)
        relax[4, 64](a, 2)
        e = np.arange(256, dtype=np.int64)
        for _ in range(2):
            e = e + np.roll(e, -1)
        assert (a == e).all()
        print("hits", pyjit.cache_info()["hits"])
    """))
    env = dict(os.environ, PYJIT_CACHE_DIR=str(tmp_path / "cache"))
    runs = [subprocess.run([sys.executable, str(script)], env=env, capture_output=True,
                           text=True, timeout=120) for _ in range(2)]
    for run in runs:
        assert run.returncode == 0, run.stderr
    assert "hits 0" in runs[0].stdout
    assert "hits 1" in runs[1].stdout


# -- the CPU backend's diagnostics (on the GPU these mistakes hang) ----------

def test_cpu_max_cooperative_grid_blocks():
    relax = make_relax(lambda f: cuda.jit(f, target="cpu"))
    relax[1, 32](np.zeros(32, np.int64), 1)
    assert relax.max_cooperative_grid_blocks(64) == 16384 // 64
    assert relax.max_cooperative_grid_blocks((8, 8)) == 16384 // 64
    # numba's form: the overload, looked up by type objects, has it too.
    from pyjit import int64
    overload = relax.overloads[(int64[::1], int64)]
    assert overload is relax.overloads[("array(int64, 1d, C)", "int64")]
    assert (int64[::1], int64) in relax.overloads
    assert overload.max_cooperative_grid_blocks(64) == 16384 // 64
    # The GPU's error, so that `except pyjit.CudaError` serves both backends
    # (docs/language.md).
    with pytest.raises(pyjit.CudaError, match=r"cuLaunchCooperativeKernel failed for kernel "
                                               r"'relax' on the CPU backend.*at most 16384; "
                                               r"max_cooperative_grid_blocks.*"
                                               r"CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE") as info:
        relax[257, 64](np.zeros(257 * 64, np.int64), 1)
    assert info.value.code == 720


CPU_MISTAKES = '''
from pyjit import cuda


@cuda.jit(target="cpu")
def block_returns(a):
    g = cuda.cg.this_grid()
    if cuda.blockIdx.x == 1:
        return
    g.sync()


@cuda.jit(target="cpu")
def first_thread_returns(a):
    g = cuda.cg.this_grid()
    if cuda.threadIdx.x == 0:
        return
    g.sync()


@cuda.jit(target="cpu")
def mixed_barriers(a):
    g = cuda.cg.this_grid()
    if cuda.threadIdx.x == 3:
        cuda.syncthreads()
    else:
        g.sync()
'''


def test_cpu_grid_barrier_deadlocks_are_errors(tmp_path):
    m = load_module(tmp_path, "cg_mistakes", CPU_MISTAKES)
    a = np.zeros(4)
    with pytest.raises(pyjit.KernelError,
                       match=r"deadlock: block \(1, 0, 0\) has returned, so GridGroup.sync\(\) "
                             r"on .*cg_mistakes.py:10 never completes for thread \(0, 0, 0\) "
                             r"of block "):
        m.block_returns[3, 32](a)
    with pytest.raises(pyjit.KernelError,
                       match=r"deadlock: thread \(0, 0, 0\) of block \(0, 0, 0\) has returned, "
                             r"so GridGroup.sync\(\) on .*cg_mistakes.py:18 never completes"):
        m.first_thread_returns[2, 32](a)
    with pytest.raises(pyjit.KernelError,
                       match=r"deadlock: thread \(\d+, 0, 0\) of block \(0, 0, 0\) waits at "
                             r"GridGroup.sync\(\) on .*cg_mistakes.py:27 while thread \(3, 0, 0\) "
                             r"of block "
                             r"\(0, 0, 0\) waits at cuda.syncthreads on .*cg_mistakes.py:25"):
        m.mixed_barriers[2, 32](a)


BAD_USES = [
    ("g = cuda.cg.this_grid(1)", "cuda.cg.this_grid() takes 0 arguments, got 1", 4, 9),
    ("g = cuda.cg.this_grid()\n    g.sync(1)", "cuda.cg.GridGroup.sync() takes 0 arguments, got 1",
     5, 5),
    ("g = cuda.cg.this_grid()\n    g.thread_rank()",
     "a GridGroup has one method, sync(), and no attribute 'thread_rank'", 5, 5),
    ("g = cuda.cg.this_grid()\n    a[0] = g", "cannot store a value of type GridGroup", 5, 12),
    ("g = cuda.cg.this_grid()\n    x = g + 1", "unsupported operand types for +: GridGroup", 5, 9),
    ("cuda.cg.sync()", "'cuda.cg.sync' is not supported in kernels", 4, 5),
]


@pytest.mark.parametrize("body,message,line,col", BAD_USES)
def test_bad_uses_are_compile_errors(tmp_path, body, message, line, col):
    source = "from pyjit import cuda\n@cuda.jit(target='cpu')\ndef k(a):\n    %s\n" % body
    m = load_module(tmp_path, "cg_bad", source)
    with pytest.raises(pyjit.CompileError) as err:
        m.k[1, 1](np.zeros(1))
    text = str(err.value)
    assert message in text
    assert "cg_bad.py:%d:%d: error:" % (line, col) in text


def test_cpu_failed_check_before_grid_sync_is_the_error_reported(tmp_path):
    # Thread (0, 0, 0) of block 1 fails an index check and returns, so its
    # block never arrives at the grid barrier: the failed check is reported,
    # not the deadlock it causes, and the next launch is clean.
    m = load_module(tmp_path, "cg_check", '''
from pyjit import cuda


@cuda.jit(target="cpu")
def k(a, bad):
    g = cuda.cg.this_grid()
    if cuda.grid(1) == bad:
        a[1000] = 1
    g.sync()
    a[cuda.grid(1)] = 7
''')
    a = np.zeros(64, np.int64)
    with pytest.raises(IndexError, match=r"index 1000 is out of bounds .*cg_check.py:9:11 "
                                         r"\(thread \(0, 0, 0\) of block \(1, 0, 0\)\)"):
        m.k[2, 32](a, 32)
    m.k[2, 32](a, -1)
    assert (a == 7).all()


def test_cpu_large_local_arrays_fit_the_fiber_stacks():
    # 320 KB of local memory per thread (a GPU allows 512 KiB): kernels with
    # barriers run threads as fibers, whose stacks grow with the locals.
    @cuda.jit(target="cpu")
    def k(out, use_grid):
        loc = cuda.local.array(40000, np.float64)
        i = cuda.grid(1)
        for j in range(40000):
            loc[j] = j + i
        if use_grid:
            cuda.cg.this_grid().sync()
        else:
            cuda.syncthreads()
        out[i] = loc[39999] + loc[0]

    for use_grid in (False, True):
        out = np.zeros(64)
        k[2, 32](out, use_grid)
        np.testing.assert_array_equal(out, 39999 + 2 * np.arange(64))


def test_cpu_concurrent_grid_sync_launches_of_the_largest_grid():
    # Each launch maps a fiber stack per thread; launches from several
    # Python threads run one at a time instead of exhausting the mappings.
    import threading
    relax = make_relax(lambda f: cuda.jit(f, target="cpu"))
    arrays = [np.arange(16384, dtype=np.int64) % 5 + k for k in range(3)]
    expected = [a + np.roll(a, -1) for a in arrays]
    errors = []

    def launch(a):
        try:
            relax[16, 1024](a, 1)
        except Exception as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=launch, args=(a,)) for a in arrays]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for a, e in zip(arrays, expected):
        np.testing.assert_array_equal(a, e)


def test_cg_imports_as_numba_cuda_cg(jit):
    from pyjit.cuda.cg import this_grid

    @jit
    def k(a):
        g = this_grid()
        i = cuda.grid(1)
        a[i] = i
        g.sync()
        v = a[(i + 1) % a.size]
        g.sync()
        a[i] += v

    a = np.zeros(64, np.int64)
    k[2, 32](a)
    np.testing.assert_array_equal(a, np.arange(64) + (np.arange(64) + 1) % 64)
    with pytest.raises(RuntimeError, match=r"cuda.cg.this_grid\(\) can only be used inside a "
                                           r"kernel"):
        this_grid()


def test_max_cooperative_grid_blocks_before_compiling_says_what_to_do():
    relax = make_relax(lambda f: cuda.jit(f, target="cpu"))
    with pytest.raises(ValueError, match="has not been compiled yet: give @cuda.jit a "
                                         "signature, or launch it once first"):
        relax.max_cooperative_grid_blocks(128)
    eager = cuda.jit("void(int64[::1], int64)", target="cpu")(make_relax(lambda f: f))
    assert eager.max_cooperative_grid_blocks(128) == 16384 // 128


def test_cpu_max_cooperative_grid_blocks_refuses_blocks_over_1024():
    relax = make_relax(lambda f: cuda.jit(f, target="cpu"))
    relax[1, 32](np.zeros(32, np.int64), 1)
    with pytest.raises(ValueError, match="at most 1024 threads"):
        relax.max_cooperative_grid_blocks(2048)


def test_numba_docs_heat_equation(jit):
    # numba.cuda's cooperative-groups example (docs, "Cooperative Groups"):
    # two buffers alternate each step (an array variable assigned on two
    # paths), the grid synchronizes between steps.
    @jit
    def solve_heat_equation(buf_0, buf_1, timesteps, k):
        i = cuda.grid(1)
        if i >= len(buf_0):
            return
        grid = cuda.cg.this_grid()
        for step in range(timesteps):
            if (step % 2) == 0:
                data = buf_0
                next_data = buf_1
            else:
                data = buf_1
                next_data = buf_0
            curr_temp = data[i]
            if i == 0:
                next_temp = curr_temp + k * (data[i + 1] - (2 * curr_temp))
            elif i == len(data) - 1:
                next_temp = curr_temp + k * (data[i - 1] - (2 * curr_temp))
            else:
                next_temp = curr_temp + k * (data[i - 1] + data[i + 1] - (2 * curr_temp))
            next_data[i] = next_temp
            grid.sync()

    size, steps, k = 256, 20, np.float32(0.25)
    data = np.zeros(size, dtype=np.float32)
    data[size // 2] = 10000
    buf_0, buf_1 = data.copy(), np.zeros_like(data)
    solve_heat_equation[4, 64](buf_0, buf_1, steps, k)
    ref = [data.copy(), np.zeros_like(data)]
    for step in range(steps):
        d, nd = ref[step % 2], ref[1 - step % 2]
        nd[0] = d[0] + k * (d[1] - 2 * d[0])
        nd[-1] = d[-1] + k * (d[-2] - 2 * d[-1])
        nd[1:-1] = d[1:-1] + k * (d[:-2] + d[2:] - 2 * d[1:-1])
    np.testing.assert_allclose(buf_0, ref[0], rtol=1e-6)
    np.testing.assert_allclose(buf_1, ref[1], rtol=1e-6)


@pytest.mark.gpu
def test_gpu_debug_check_failing_in_a_blocks_first_thread_traps_instead_of_hanging(tmp_path):
    # With debug=True a failed check makes its thread return; a block's
    # thread (0, 0, 0) returning would leave every other block waiting at
    # the grid barrier forever. It traps instead: a CudaError, no hang. (In
    # a fresh process: a trap loses the CUDA context.) Another thread's
    # failure is the usual IndexError.
    script = tmp_path / "trap.py"
    script.write_text(textwrap.dedent("""
        import sys
        import numpy as np
        import pyjit
        from pyjit import cuda

        @cuda.jit(debug=True)
        def k(a, bad):
            g = cuda.cg.this_grid()
            if cuda.grid(1) == bad:
                a[1000] = 1
            g.sync()
            a[cuda.grid(1)] = 7

        a = cuda.to_device(np.zeros(64, np.int64))
        try:
            k[2, 32](a, 33)  # thread 1 of block 1: returns, the others go on
        except IndexError as exc:
            print("index error:", exc)
        try:
            k[2, 32](a, 32)  # thread 0 of block 1
            cuda.synchronize()
        except pyjit.CudaError as exc:
            print("cuda error:", exc)
    """))
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         timeout=120)
    assert "index error: index 1000 is out of bounds" in run.stdout, run.stdout + run.stderr
    assert "(thread (1, 0, 0) of block (1, 0, 0))" in run.stdout
    assert "cuda error:" in run.stdout, run.stdout + run.stderr
