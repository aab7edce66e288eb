"""The CPU backend (target='cpu'): runs everywhere, so these run in CI.

Kernel semantics are checked by the backend-neutral suites (the `jit`
fixture runs them here too); this file covers what is particular to the
CPU backend: barriers and warp collectives through fibers, dynamic shared
memory, print, the target option and its errors.
"""
import math

import numpy as np
import pytest

import pyjit
from pyjit import cuda, float32, int32


@pytest.mark.parametrize("racecheck", [False, True])
def test_block_reduction_with_syncthreads(racecheck):
    @cuda.jit(target="cpu", racecheck=racecheck)  # a correct tree: no race reported
    def block_sum(x, out):
        s = cuda.shared.array(128, float32)
        t = cuda.threadIdx.x
        i = cuda.grid(1)
        s[t] = x[i] if i < x.size else 0.0
        cuda.syncthreads()
        step = 64
        while step > 0:
            if t < step:
                s[t] += s[t + step]
            cuda.syncthreads()
            step //= 2
        if t == 0:
            out[cuda.blockIdx.x] = s[0]

    x = np.arange(1000, dtype=np.float32)
    out = np.zeros(8, dtype=np.float32)
    block_sum[8, 128](x, out)
    want = [x[b * 128:(b + 1) * 128].sum() for b in range(8)]
    np.testing.assert_array_equal(out, want)


def test_syncthreads_count_and_or():
    @cuda.jit(target="cpu")
    def k(x, out):
        t = cuda.threadIdx.x
        c = cuda.syncthreads_count(x[t] > 0)
        a = cuda.syncthreads_and(x[t] > -100)
        o = cuda.syncthreads_or(x[t] > 100)
        if t == 0:
            out[0] = c
            out[1] = a
            out[2] = o

    x = np.array([1, -1, 5, 0, 7] * 10, dtype=np.int32)
    out = np.zeros(3, dtype=np.int32)
    k[1, 50](x, out)
    assert out.tolist() == [int((x > 0).sum()), 1, 0]


def test_two_dimensional_block_transposes_through_shared_memory():
    @cuda.jit(target="cpu")
    def transpose(a, out):
        tile = cuda.shared.array((8, 8), int32)
        tx = cuda.threadIdx.x
        ty = cuda.threadIdx.y
        tile[ty, tx] = a[ty, tx]
        cuda.syncthreads()
        out[ty, tx] = tile[tx, ty]

    a = np.arange(64, dtype=np.int32).reshape(8, 8)
    out = np.zeros_like(a)
    transpose[1, (8, 8)](a, out)
    np.testing.assert_array_equal(out, a.T)


def test_dynamic_shared_memory():
    @cuda.jit(target="cpu")
    def k(x, out):
        buf = cuda.shared.array(0, float32)
        t = cuda.threadIdx.x
        buf[t] = x[t] * 2
        cuda.syncthreads()
        out[t] = buf[cuda.blockDim.x - 1 - t]

    x = np.arange(32, dtype=np.float32)
    out = np.zeros_like(x)
    k[1, 32, 0, 32 * 4](x, out)
    np.testing.assert_array_equal(out, (2 * x)[::-1])


def test_print_from_a_kernel(capfd):
    @cuda.jit(target="cpu")
    def k(x):
        if cuda.threadIdx.x == 1:
            print("value", x[0], cuda.threadIdx.x, x[0] > 1.0)

    k[1, 4](np.array([2.5], dtype=np.float32))
    assert "value 2.500000 1 True" in capfd.readouterr().out


def test_warp_shuffles_of_64bit_values_and_partial_warps():
    @cuda.jit(target="cpu")
    def k(x, out):
        t = cuda.threadIdx.x
        v = x[t]
        out[t, 0] = cuda.shfl_down_sync(0xffffffff, v, 3)
        out[t, 1] = cuda.shfl_up_sync(0xffffffff, v, 5)
        out[t, 2] = cuda.shfl_xor_sync(0xffffffff, v, 6)
        out[t, 3] = cuda.shfl_sync(0xffffffff, v, 7)

    n = 48  # a full warp and a partial one of 16 lanes
    x = (np.arange(n, dtype=np.int64) + 1) * (1 << 40)  # needs 64 bits
    out = np.zeros((n, 4), dtype=np.int64)
    k[1, n](x, out)
    for t in range(n):
        base, lanes = (t // 32) * 32, min(32, n - (t // 32) * 32)
        lane = t % 32

        def at(src):  # a lane outside the warp gives the caller's own value
            return x[base + src] if 0 <= src < lanes else x[t]
        assert out[t].tolist() == [at(lane + 3) if lane + 3 < 32 else x[t],
                                   at(lane - 5) if lane >= 5 else x[t],
                                   at(lane ^ 6), at(7)], t


def test_warp_votes_ballot_match_and_activemask():
    @cuda.jit(target="cpu")
    def k(x, out):
        t = cuda.threadIdx.x
        v = x[t]
        out[t, 0] = cuda.ballot_sync(0xffffffff, v > 2)
        out[t, 1] = cuda.all_sync(0xffffffff, v >= 0)
        out[t, 2] = cuda.any_sync(0xffffffff, v > 4)
        out[t, 3] = cuda.match_any_sync(0xffffffff, v)
        if t % 2 == 0:
            out[t, 4] = cuda.activemask()

    x = np.array([t % 4 for t in range(32)], dtype=np.int32)
    out = np.zeros((32, 5), dtype=np.int64)
    k[1, 32](x, out)
    ballot = sum(1 << t for t in range(32) if x[t] > 2)
    evens = sum(1 << t for t in range(0, 32, 2))
    for t in range(32):
        same = sum(1 << m for m in range(32) if x[m] == x[t])
        assert out[t, :4].tolist() == [ballot, 1, 0, same], t
        assert out[t, 4] == (evens if t % 2 == 0 else 0)


def test_match_sync_compares_float_bits(jit):
    # numba-cuda bitcasts a float value: lanes match where the bits do, so
    # 0.0 and -0.0 are different values; a float16's bits widened.
    @jit
    def k(f32, f64, f16, out, allmask, pred):
        t = cuda.grid(1)
        out[t, 0] = cuda.match_any_sync(0xffffffff, f32[t])
        out[t, 1] = cuda.match_any_sync(0xffffffff, f64[t])
        out[t, 2] = cuda.match_any_sync(0xffffffff, f16[t])
        m, p = cuda.match_all_sync(0xffffffff, f64[t] * 0.0)
        allmask[t] = m
        pred[t] = p

    pattern = [0.0, -0.0, 1.5, 0.0]
    f32 = np.array([pattern[t % 4] for t in range(32)], np.float32)
    f64 = np.array([pattern[t // 8] for t in range(32)], np.float64)
    f16 = np.array([pattern[(t // 2) % 4] for t in range(32)], np.float16)
    out = np.zeros((32, 3), np.uint32)
    allmask = np.zeros(32, np.uint32)
    pred = np.zeros(32, np.bool_)
    k[1, 32](f32, f64, f16, out, allmask, pred)
    for col, (a, bits) in enumerate([(f32, np.uint32), (f64, np.uint64), (f16, np.uint16)]):
        b = a.view(bits)
        assert out[:, col].tolist() == [sum(1 << m for m in range(32) if b[m] == b[t])
                                        for t in range(32)], col
    # f64 * 0.0 is 0.0 in lanes 0-7, 16-31 and -0.0 in lanes 8-15: no match of all.
    assert allmask.tolist() == [0] * 32 and not pred.any()


def test_activemask_sees_the_lanes_at_its_call_site(jit):
    # numba-cuda's test_activemask: in a divergent branch only its lanes
    # (0x55555555); after the branch the reconverged warp (0xffffffff); in
    # the two arms of an if/else each side alone.
    @jit
    def k(x, y, z):
        i = cuda.grid(1)
        if i % 2 == 0:
            x[i] = cuda.activemask()
        y[i] = cuda.activemask()
        if i % 2 == 0:
            z[i] = cuda.activemask()
        else:
            z[i] = cuda.activemask()

    x, y, z = (np.zeros(32, np.uint32) for _ in range(3))
    k[1, 32](x, y, z)
    evens, odds = 0x55555555, 0xAAAAAAAA
    assert x[0::2].tolist() == [evens] * 16 and y.tolist() == [0xFFFFFFFF] * 32
    assert z[0::2].tolist() == [evens] * 16 and z[1::2].tolist() == [odds] * 16


@cuda.jit(device=True)
def _warp_append(arr, count, slot, item):
    # The warp-aggregated append (one atomic per warp): a common idiom.
    mask = cuda.activemask()
    leader = cuda.ffs(mask) - 1
    base = 0
    if cuda.laneid == leader:
        base = cuda.atomic.add(count, slot, cuda.popc(mask))
    base = cuda.shfl_sync(mask, base, leader)
    arr[slot, base + cuda.popc(mask & cuda.lanemask_lt())] = item


def test_warp_aggregated_appends_from_two_call_sites_in_a_loop(jit):
    # A real-world BFS queue's pattern: the lanes at one inlined copy of the
    # device function, in one iteration, append together. The CPU backend
    # once grouped every lane at the function's activemask (other call
    # site, other iteration): shfl_sync then read other lanes' bases and
    # items were lost without an error.
    @jit
    def k(arr, count, take):
        i = cuda.threadIdx.x
        for d in range(4):
            if take[i, d]:
                if d == 0 or d == 3:
                    _warp_append(arr, count, 0, i * 4 + d)
                else:
                    _warp_append(arr, count, 1, i * 4 + d)

    take = np.random.default_rng(0).random((32, 4)) < 0.5
    arr, count = np.full((2, 128), -1, np.int32), np.zeros(2, np.int32)
    k[1, 32](arr, count, take)
    for slot, ds in ((0, (0, 3)), (1, (1, 2))):
        expected = sorted(i * 4 + d for i in range(32) for d in ds if take[i, d])
        assert count[slot] == len(expected)
        assert sorted(arr[slot, :count[slot]].tolist()) == expected


def test_activemask_sees_the_lanes_of_its_iteration_and_inlined_copy():
    # On the CPU backend lanes are grouped by call site, inlined copy, loop
    # iteration and call path (codegen/lib/HostWarpPaths.h), as a converged
    # warp runs them: per iteration the lanes that took the branch, and a
    # device function called from both arms of an if sees each arm's lanes.
    @cuda.jit(device=True)
    def mask():
        return cuda.activemask()

    @cuda.jit(target="cpu")
    def k(take, per_iteration, arms):
        i = cuda.threadIdx.x
        for d in range(4):
            if take[i, d]:
                per_iteration[i, d] = cuda.activemask()
        if i % 3 == 0:
            arms[i] = mask()
        else:
            arms[i] = mask()

    take = np.random.default_rng(1).random((32, 4)) < 0.5
    per_iteration, arms = np.zeros((32, 4), np.uint32), np.zeros(32, np.uint32)
    k[1, 32](take, per_iteration, arms)
    for d in range(4):
        lanes = sum(1 << i for i in range(32) if take[i, d])
        assert per_iteration[take[:, d], d].tolist() == [lanes] * int(take[:, d].sum()), d
    thirds = sum(1 << i for i in range(0, 32, 3))
    assert arms.tolist() == [thirds if i % 3 == 0 else 0xFFFFFFFF ^ thirds for i in range(32)]


def test_activemask_lets_the_lanes_that_are_behind_go_first():
    # A converged warp's masks (0xffffffff in each case below), as the CPU
    # backend now orders lanes: by loop iteration, then program order (a
    # finished loop's iterations no longer count), and only once no other
    # warp collective can complete. Each mask feeds a broadcast from lane 0.
    @cuda.jit(target="cpu")
    def finished_loop(m, out, junk):
        lane = cuda.threadIdx.x
        for j in range(10 if lane == 0 else 0):  # lane 0 alone runs a loop first
            junk[lane] = cuda.activemask()
        for d in range(2):
            if lane == 0 or d == 1:
                mask = cuda.activemask()
                m[lane, d] = mask
                out[lane, d] = cuda.shfl_sync(mask, lane + 100, 0)

    @cuda.jit(target="cpu")
    def loop_top(m, out, junk):
        lane = cuda.threadIdx.x
        for it in range(2):
            mask = cuda.activemask()
            m[lane, it] = mask
            out[lane, it] = cuda.shfl_sync(mask, lane + 100, 0)
            for j in range(lane % 4):  # lanes leave the inner loop at different times
                junk[lane] = cuda.activemask()

    @cuda.jit(target="cpu")
    def after_a_warp_op(m, out, junk):
        lane = cuda.threadIdx.x
        if lane < 16:
            cuda.syncwarp(0xffff)
        mask = cuda.activemask()
        m[lane, 0] = m[lane, 1] = mask
        out[lane, 0] = out[lane, 1] = cuda.shfl_sync(mask, lane + 100, 0)

    for k in (finished_loop, loop_top, after_a_warp_op):
        m, out = np.zeros((32, 2), np.uint32), np.zeros((32, 2), np.int64)
        k[1, 32](m, out, np.zeros(32, np.uint32))
        assert m[:, 1].tolist() == [0xFFFFFFFF] * 32, k.__name__
        assert out[:, 1].tolist() == [100] * 32, k.__name__


def test_warp_collective_waiting_on_a_barrier_is_reported():
    @cuda.jit(target="cpu")
    def k(a):
        if cuda.threadIdx.x == 0:
            a[0] = cuda.shfl_sync(0xffffffff, 1, 1)  # lane 1 never comes
        else:
            cuda.syncthreads()

    first = k.py_func.__code__.co_firstlineno  # the decorator's line
    with pytest.raises(pyjit.KernelError, match=(
            r"deadlock on the CPU backend: thread \(0, 0, 0\) of block \(0, 0, 0\) waits at "
            r"cuda.shfl_sync on .*test_cpu_backend.py:%d for lane 1 of its mask, thread "
            r"\(1, 0, 0\) of block \(0, 0, 0\), which waits at cuda.syncthreads on .*test_cpu_backend.py:%d"
            % (first + 3, first + 5))):
        k[1, 32](np.zeros(1, dtype=np.int64))

    @cuda.jit(target="cpu")
    def other_mask(a):
        if cuda.threadIdx.x < 16:
            a[0] = cuda.shfl_sync(0xffffffff, 1, 1)
        else:
            cuda.syncwarp(0xffffffff)  # another collective than lanes 0-15's

    first = other_mask.py_func.__code__.co_firstlineno
    with pytest.raises(pyjit.KernelError, match=(
            r"waits at cuda.shfl_sync on .*:%d for lane 16 of its mask, thread \(16, 0, 0\) "
            r"of block \(0, 0, 0\), which waits at cuda.syncwarp on .*test_cpu_backend.py:%d"
            % (first + 3, first + 5))):
        other_mask[1, 32](np.zeros(1, dtype=np.int64))


def test_gpu_arrays_are_refused_by_name():
    @cuda.jit(target="cpu")
    def k(a):
        a[0] = 1

    class FakeGpuArray:
        __cuda_array_interface__ = {"shape": (1,), "typestr": "<f4", "data": (0, False),
                                    "version": 3}

    with pytest.raises(TypeError, match="argument 'a' is a GPU array"):
        k[1, 1](FakeGpuArray())


def _device_memory_is_host():
    from pyjit._devicearray import host_memory
    return host_memory()


@pytest.mark.skipif(not _device_memory_is_host(),
                    reason="a GPU is present: device arrays live in its memory")
def test_a_foreign_view_of_the_backends_own_memory_is_read_in_place():
    # Another library's __cuda_array_interface__ over the CPU backend's
    # device memory (numba-cuda's CAI tests wrap device arrays so): a view
    # of it, written in place; a zero-size one too.
    @cuda.jit(target="cpu")
    def k(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] += 1

    class Wrapper:
        def __init__(self, array):
            self.__cuda_array_interface__ = array.__cuda_array_interface__

    d = cuda.to_device(np.arange(6.0))
    k[1, 8](Wrapper(d))
    k[1, 8](Wrapper(d[::2]))  # a strided view inside the allocation
    np.testing.assert_array_equal(d.copy_to_host(), np.arange(6.0) + [2, 1, 2, 1, 2, 1])
    k[1, 8](Wrapper(cuda.device_array(0)))
    view = cuda.as_cuda_array(Wrapper(d))
    assert view.device_ctypes_pointer.value == d.device_ctypes_pointer.value


@pytest.mark.skipif(not _device_memory_is_host(),
                    reason="a GPU is present: device arrays live in its memory")
def test_a_foreign_interface_beyond_its_allocation_is_refused():
    # Reading or writing through such a descriptor crashed the interpreter:
    # a shape too large for the allocation, negative strides running before
    # it, and a pointer the backend never allocated.
    @cuda.jit(target="cpu")
    def fill(a):
        for i in range(a.size):
            a[i] = -1.0

    class Interface:
        def __init__(self, **desc):
            self.__cuda_array_interface__ = dict(version=3, typestr="<f8", **desc)

    d = cuda.to_device(np.arange(8.0))  # 64 bytes
    ptr = d.device_ctypes_pointer.value
    too_long = dict(shape=(1 << 24,), typestr="<f8", data=(ptr, False), strides=None, version=3)
    with pytest.raises(ValueError, match=r"span bytes \[0, 134217728\) from its data pointer, "
                                         r"outside the allocation holding it \(bytes \[0, 64\)"):
        cuda.from_cuda_array_interface(too_long)
    with pytest.raises(TypeError, match=r"argument 'a': .*span bytes \[-32760, 8\)"):
        fill[1, 1](Interface(shape=(4096,), data=(ptr, False), strides=(-8,)))
    # Reversed inside the allocation: a view, written in place.
    fill[1, 1](Interface(shape=(8,), data=(ptr + 56, False), strides=(-8,)))
    np.testing.assert_array_equal(d.copy_to_host(), -1.0)

    # An address the backend never allocated stays foreign: refused, by name.
    foreign = cuda.from_cuda_array_interface(dict(shape=(4,), typestr="<f8",
                                                  data=(0x1000, False), version=3))
    with pytest.raises(ValueError, match="memory that pyjit's CPU backend did not allocate"):
        foreign.copy_to_host()
    with pytest.raises(ValueError, match="did not allocate"):
        foreign[:] = 1.0
    with pytest.raises(TypeError, match="argument 'a' views memory the CPU backend did not "
                                        "allocate"):
        fill[1, 1](foreign)


def test_bad_target_is_named():
    with pytest.raises(ValueError, match="target must be 'cuda' or 'cpu'"):
        cuda.jit(target="tpu")(lambda a: None)


def test_pyjit_target_environment_variable(monkeypatch):
    monkeypatch.setenv("PYJIT_TARGET", "cpu")

    @cuda.jit
    def k(a):
        a[cuda.grid(1)] = cuda.grid(1) * 3

    a = np.zeros(10, dtype=np.int64)
    k[2, 5](a)
    assert a.tolist() == [3 * i for i in range(10)]


def test_block_of_more_than_1024_threads_is_refused():
    @cuda.jit(target="cpu")
    def k(a):
        a[0] = 1

    with pytest.raises(ValueError, match="2048 threads exceeds the device's limit of 1024"):
        k[1, 2048](np.zeros(1, dtype=np.int64))


def test_barrier_divergence_is_reported_in_debug_mode():
    @cuda.jit(target="cpu", debug=True)
    def early_exit(a):
        if cuda.threadIdx.x == 3:
            return
        cuda.syncthreads()
        a[cuda.threadIdx.x] = 1

    with pytest.raises(pyjit.KernelError) as info:
        early_exit[1, 8](np.zeros(8, dtype=np.int64))
    msg = str(info.value)
    line = early_exit.py_func.__code__.co_firstlineno + 4
    assert "barrier divergence" in msg and "test_cpu_backend.py:%d" % line in msg
    assert "thread (3, 0, 0) of block (0, 0, 0) has returned" in msg

    # Without debug=True the barrier opens for the threads still running, as
    # on sm_70 and later.
    @cuda.jit(target="cpu")
    def lenient(a):
        if cuda.threadIdx.x == 3:
            return
        cuda.syncthreads()
        a[cuda.threadIdx.x] = 1

    a = np.zeros(8, dtype=np.int64)
    lenient[1, 8](a)
    assert a.tolist() == [1, 1, 1, 0, 1, 1, 1, 1]


def test_threads_at_different_barriers_are_reported_in_debug_mode():
    @cuda.jit(target="cpu", debug=True)
    def k(a):
        if cuda.threadIdx.x < 4:
            cuda.syncthreads()
        else:
            cuda.syncthreads()
        a[cuda.threadIdx.x] = 1

    with pytest.raises(pyjit.KernelError) as info:
        k[1, 8](np.zeros(8, dtype=np.int64))
    first = k.py_func.__code__.co_firstlineno
    msg = str(info.value)
    assert "barrier divergence" in msg
    assert ":%d" % (first + 3) in msg and "the one on %s:%d" % (__file__, first + 5) in msg


def test_out_of_bounds_index_is_reported_with_thread_and_block():
    @cuda.jit(target="cpu", debug=True)
    def k(a):
        a[cuda.grid(1)] = 1

    with pytest.raises(IndexError) as info:
        k[2, 8](np.zeros(12, dtype=np.int64))
    msg = str(info.value)
    assert "out of bounds for axis 0 with size 12" in msg
    index = int(msg.split("index ")[1].split()[0])
    assert 12 <= index < 16
    assert "thread (%d, 0, 0) of block (1, 0, 0)" % (index - 8) in msg


def test_racecheck_reports_conflicting_shared_memory_accesses():
    @cuda.jit(target="cpu", racecheck=True)
    def racy(x, out):
        s = cuda.shared.array(64, float32)
        t = cuda.threadIdx.x
        s[t] = x[t]
        out[t] = s[(t + 1) % 64]  # no barrier between the write and the read

    with pytest.raises(pyjit.KernelError) as info:
        racy[1, 64](np.ones(64, dtype=np.float32), np.zeros(64, dtype=np.float32))
    first = racy.py_func.__code__.co_firstlineno
    msg = str(info.value)
    assert "shared-memory race in block (0, 0, 0)" in msg
    assert "thread (1, 0, 0) writes an element at" in msg and ":%d" % (first + 4) in msg
    assert "thread (0, 0, 0) read at line %d" % (first + 5) in msg


def test_racecheck_accepts_the_same_kernel_with_a_barrier():
    @cuda.jit(target="cpu", racecheck=True)
    def fixed(x, out):
        s = cuda.shared.array(64, float32)
        t = cuda.threadIdx.x
        s[t] = x[t]
        cuda.syncthreads()
        out[t] = s[(t + 1) % 64]

    x = np.arange(64, dtype=np.float32)
    out = np.zeros(64, dtype=np.float32)
    fixed[2, 64](x, out)
    np.testing.assert_array_equal(out, np.roll(x, -1))


def test_racecheck_takes_syncwarp_as_ordering_the_lanes_taking_part():
    # __syncwarp orders memory among the lanes taking part (CUDA C++
    # Programming Guide): numba-cuda's test_sync.coop_syncwarp, a warp
    # reduction through shared memory, sums 0..31 with no race reported.
    @cuda.jit("void(int32[::1])", target="cpu", racecheck=True)
    def coop_syncwarp(res):
        sm = cuda.shared.array(32, int32)
        i = cuda.grid(1)
        sm[i] = i
        cuda.syncwarp()
        if i < 16:
            sm[i] = sm[i] + sm[i + 16]
            cuda.syncwarp(0xFFFF)
        if i < 8:
            sm[i] = sm[i] + sm[i + 8]
            cuda.syncwarp(0xFF)
        if i < 4:
            sm[i] = sm[i] + sm[i + 4]
            cuda.syncwarp(0xF)
        if i < 2:
            sm[i] = sm[i] + sm[i + 2]
            cuda.syncwarp(0x3)
        if i == 0:
            res[0] = sm[0] + sm[1]

    res = np.zeros(1, np.int32)
    coop_syncwarp[1, 32](res)
    assert res[0] == sum(range(32))

    # A syncwarp orders nothing between warps, nor for a lane outside its mask.
    @cuda.jit(target="cpu", racecheck=True)
    def across_warps(out):
        sm = cuda.shared.array(64, float32)
        t = cuda.threadIdx.x
        sm[t] = t
        cuda.syncwarp()
        out[t] = sm[63 - t]

    with pytest.raises(pyjit.KernelError, match="shared-memory race"):
        across_warps[1, 64](np.zeros(64, np.float32))

    @cuda.jit(target="cpu", racecheck=True)
    def outside_the_mask(out):
        sm = cuda.shared.array(32, float32)
        t = cuda.threadIdx.x
        sm[t] = t
        if t < 16:
            cuda.syncwarp(0xFFFF)
        else:
            cuda.syncwarp(0xFFFF0000)
        out[t] = sm[31 - t]  # lane t and lane 31 - t never synced together

    with pytest.raises(pyjit.KernelError, match="shared-memory race"):
        outside_the_mask[1, 32](np.zeros(32, np.float32))


def test_out_of_bounds_indices_raise_without_debug():
    # The CPU backend checks every index: a stray store would otherwise
    # corrupt the Python process (the GPU reports a device fault instead).
    @cuda.jit(target="cpu")
    def past_the_end(a):
        i = cuda.grid(1)
        a[i] = 1.0

    @cuda.jit(target="cpu")
    def shared_overflow(a):
        s = cuda.shared.array(16, np.float64)
        s[cuda.threadIdx.x + 8] = 1.0
        a[0] = 2.0

    a = np.zeros(10)
    with pytest.raises(IndexError, match=r"index 10 is out of bounds for axis 0 with size 10 "
                                         r"in kernel 'past_the_end'"):
        past_the_end[1, 32](a)
    with pytest.raises(IndexError, match=r"index 16 is out of bounds .* in kernel "
                                         r"'shared_overflow'"):
        shared_overflow[1, 16](a)
    past_the_end[1, 10](a)  # in bounds: runs as before
    assert a.tolist() == [1.0] * 10


def test_float64_to_float16_rounds_once_to_nearest_even():
    # LLVM calls __truncdfhf2 for a float64 store into a float16 array on the
    # host; pyjit provides it. Bit-exact against numpy's conversion, ties,
    # subnormals, overflow to inf, NaN and signed zeros included.
    @cuda.jit(target="cpu")
    def k(src, dst):
        i = cuda.grid(1)
        if i < src.size:
            dst[i] = src[i]

    rng = np.random.default_rng(7)
    special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 65504.0, 65519.99, 65520.0,
                        2.0**-24, 2.0**-25, 3 * 2.0**-26, 1 + 2.0**-11, 1 + 3 * 2.0**-11,
                        # 1 + 2^-11 + 2^-40: above the tie, which rounding to float32 first
                        # would erase (and then round down to even)
                        1 + 2.0**-11 + 2.0**-40, 1e-300, -6.1e-5], np.float64)
    spread = rng.standard_normal(20000) * np.exp2(rng.integers(-30, 18, 20000))
    src = np.concatenate([special, spread, rng.integers(0, 2**63, 20000).view(np.float64)])
    dst = np.zeros(src.size, np.float16)
    k[(src.size + 255) // 256, 256](src, dst)
    with np.errstate(all="ignore"):
        want = src.astype(np.float16)
    same = (want.view(np.uint16) == dst.view(np.uint16)) | (np.isnan(want) & np.isnan(dst))
    assert same.all(), (src[~same][:4], want[~same][:4], dst[~same][:4])


def test_a_kernel_named_like_a_c_math_function_calls_that_function(tmp_path):
    # The host module named the kernel `sin`, and math.sin's call, renamed to
    # the C library's `sin`, called the kernel itself: a stack overflow.
    from kernel_files import load_module
    src = "import math\n\n\n"
    for name in ("sin", "exp", "cbrt", "sinf", "pow"):
        call = ("math.pow(x, 2.0)" if name == "pow" else
                "math.sin(np.float32(x))" if name == "sinf" else
                "x ** (1.0 / 3.0)" if name == "cbrt" else "math.%s(x)" % name)
        src += "def %s(a, x):\n    a[0] = %s\n\n\n" % (name, call)
    m = load_module(tmp_path, "clash", "import numpy as np\n" + src)
    a = np.zeros(1)
    for name, expected in (("sin", math.sin(0.5)), ("exp", math.exp(0.5)),
                           ("cbrt", 0.5 ** (1.0 / 3.0)), ("pow", 0.25),
                           ("sinf", float(np.sin(np.float32(0.5))))):
        cuda.jit(getattr(m, name), target="cpu")[1, 1](a, 0.5)
        assert a[0] == pytest.approx(expected, rel=1e-6), name


def test_malformed_array_interfaces_are_named():
    # Raw Python errors (None is not subscriptable, '>' between int and str)
    # came out of the reader before.
    good = dict(shape=(4,), typestr="<f8", data=(0x1000, False), version=3)
    for key, value, message in [
            ("shape", (-1,), "shape must be a tuple of non-negative ints, got \\(-1,\\)"),
            ("shape", "4", "shape must be a tuple of non-negative ints, got '4'"),
            ("strides", (8, 8), "strides must be None or a tuple of 1 ints, got \\(8, 8\\)"),
            ("data", None, "data must be \\(address, read_only\\), got None"),
            ("data", ("x", False), "data must be \\(address, read_only\\)")]:
        with pytest.raises(ValueError, match="from_cuda_array_interface: " + message):
            cuda.from_cuda_array_interface(dict(good, **{key: value}))
    for desc, message in [(dict(typestr="<f8", data=(0, False)), "has no shape"),
                          (dict(good, typestr=5), "typestr must be a str such as '<f4', got 5"),
                          ([1, 2], "must be a dict, got list")]:
        with pytest.raises(TypeError, match="from_cuda_array_interface: its "
                                            "__cuda_array_interface__ " + message):
            cuda.from_cuda_array_interface(desc)

        class Producer:
            __cuda_array_interface__ = desc

        @cuda.jit
        def k(a):
            pass

        with pytest.raises(TypeError, match="argument 'a': its __cuda_array_interface__ "
                                            + message):
            k[1, 1](Producer())
    # Lists and NumPy integers are read as the tuples and ints they hold.
    view = cuda.from_cuda_array_interface(dict(good, shape=[np.int64(4)], strides=[8]))
    assert view.shape == (4,) and view.strides == (8,)


_CTRL_C_PROGRAM = '''
import os, signal, threading, time
# Python keeps an ignored SIGINT ignored (a shell's background job starts so): Ctrl-C as a terminal's.
signal.signal(signal.SIGINT, signal.default_int_handler)
import numpy as np
from pyjit import cuda

@cuda.jit
def spin(flag, out):
    i = cuda.grid(1)
    while flag[0] == 0:
        out[i] += 1
{barrier_kernel}
def ctrl_c_during(kernel, *args, grid=2):
    threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
    start = time.monotonic()
    try:
        kernel[grid, 32](*args)
    except KeyboardInterrupt as exc:
        print("stopped after %.1f s: %s" % (time.monotonic() - start, exc))
    else:
        print("not stopped")

flag, out = np.ones(1, np.int32), np.zeros(64)
spin[2, 32](flag, out)  # compiled; the loop ends at once
flag[0] = 0
ctrl_c_during(spin, flag, out)
ctrl_c_during(long_blocks, out)
ctrl_c_during(straight, out, grid=1 << 25)
flag[0] = 1
spin[2, 32](flag, out)  # the next launch runs
print("ran again")
try:
    time.sleep(0.05)
    threading.Timer(0.05, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
    time.sleep(5)
except KeyboardInterrupt:
    print("python's handler is back")
'''

_LONG_BLOCKS = '''
@cuda.jit("void(float64[::1])")  # compiled here: the Ctrl-C below comes during the launch
def long_blocks(out):
    s = 0.0
    for k in range(1000000000):
        s += k
    out[cuda.grid(1)] = s

@cuda.jit("void(float64[::1])")
def straight(out):  # no loop: 2**30 threads take about 10 s
    i = cuda.grid(1)
    out[i % 64] = i * 0.5
'''


def test_ctrl_c_stops_a_kernel_looping_forever(tmp_path):
    # A while loop that never ends (a flag no thread sets) would hold the
    # interpreter: Ctrl-C raises KeyboardInterrupt naming the loop, thread
    # and block; a long for loop stops between two chunks of 2**16
    # iterations; a long kernel with no loop stops between blocks; the
    # kernel runs again afterwards and Python's SIGINT handler is back.
    import os
    import subprocess
    import sys
    program = tmp_path / "spin.py"
    program.write_text(_CTRL_C_PROGRAM.format(barrier_kernel=_LONG_BLOCKS))
    env = dict(os.environ, PYJIT_TARGET="cpu")
    out = subprocess.run([sys.executable, str(program)], capture_output=True, text=True,
                         timeout=120, env=env)
    lines = out.stdout.splitlines()
    assert len(lines) == 5, out.stdout + out.stderr
    assert lines[0].startswith("stopped after 0."), lines[0]
    assert ("Ctrl-C stopped the launch in a while loop in kernel 'spin' at %s:11:5 (thread ("
            % program) in lines[0]
    # (each of the 64 threads takes about half a second)
    assert lines[1].startswith("stopped after 0."), lines[1]
    assert ("Ctrl-C stopped the launch in a for loop in kernel 'long_blocks' at %s:17:5 "
            "(thread (0, 0, 0) of block (" % program) in lines[1]  # (two blocks run at once)
    assert lines[2].startswith("stopped after "), lines[2]
    assert "kernel 'straight': the launch was interrupted (Ctrl-C)" in lines[2]
    assert float(lines[2].split()[2]) < 3, lines[2]
    assert lines[3:] == ["ran again", "python's handler is back"]


_CTRL_C_OTHERS = '''
import os, signal, threading, time
# Python keeps an ignored SIGINT ignored (a shell's background job starts so): Ctrl-C as a terminal's.
signal.signal(signal.SIGINT, signal.default_int_handler)
import numpy as np
from pyjit import cuda

@cuda.jit
def slow(n, out):
    s = 0
    for k in range(n):
        s += k % 7
    out[cuda.grid(1)] = s

@cuda.jit
def fill(out):
    out[cuda.grid(1)] = 1

big, f = np.zeros(64), np.zeros(64)
slow[1, 1](1, big); fill[1, 1](f); f[:] = 0

# A launch on another thread while Ctrl-C stops the main thread's: it runs whole.
def worker():
    time.sleep(0.6)
    fill[64, 1](f)
th = threading.Thread(target=worker); th.start()
threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
try:
    slow[1, 1](3000000000, big)
except KeyboardInterrupt as e:
    print("main stopped:", e)
th.join()
print("worker filled", int(f.sum()))

# A program's own SIGINT handler keeps Ctrl-C: it is called (once the launch
# returns), and the launch runs whole (about 2 s: two blocks a core).
calls = []
signal.signal(signal.SIGINT, lambda sig, frame: calls.append(sig))
blocks = 2 * os.cpu_count()
big[:] = 0
timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
timer.start()
slow[blocks, 1](600000000, big)
timer.join()
time.sleep(0.1)
print("handler calls", len(calls), "all threads ran", int(np.count_nonzero(big)) == blocks)
'''


def test_ctrl_c_leaves_other_threads_and_a_programs_own_handler_alone(tmp_path):
    import os
    import subprocess
    import sys
    program = tmp_path / "others.py"
    program.write_text(_CTRL_C_OTHERS)
    out = subprocess.run([sys.executable, str(program)], capture_output=True, text=True,
                         timeout=300, env=dict(os.environ, PYJIT_TARGET="cpu"))
    assert out.stdout.splitlines() == [
        "main stopped: Ctrl-C stopped the launch in a for loop in kernel 'slow' at %s:11:5 "
        "(thread (0, 0, 0) of block (0, 0, 0))" % program,
        "worker filled 64",
        "handler calls 1 all threads ran True"], out.stdout + out.stderr


def test_local_arrays_start_zeroed_in_every_thread():
    # From real code (an Advent of Code kernel reading a local flag before
    # writing it): each thread's stack slot held the previous thread's value.
    from pyjit import boolean

    @cuda.jit(target="cpu")
    def k(seen, sums):
        t = cuda.grid(1)
        flag = cuda.local.array(1, dtype=boolean)
        acc = cuda.local.array(8, dtype=np.float64)
        seen[t] = flag[0]
        flag[0] = True
        s = 0.0
        for j in range(8):
            s += acc[j]
            acc[j] = t + 1.0
        sums[t] = s

    seen = np.ones(16, np.bool_)
    sums = np.full(16, -1.0)
    k[4, 4](seen, sums)
    assert not seen.any() and (sums == 0).all()


_FIRST_LAUNCHES = '''
import sys
import threading
import numpy as np
from pyjit import cuda

@cuda.jit
def fill(out, v):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = v

sys.setswitchinterval(1e-6)  # (the GIL changes hands often)
print("signal imported before", "signal" in sys.modules)
outs = [np.zeros(64) for _ in range(8)]
start = threading.Barrier(8)

def launch(k):
    start.wait()
    fill[1, 64](outs[k], float(k))

threads = [threading.Thread(target=launch, args=(k,)) for k in range(8)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print("filled", all((outs[k] == k).all() for k in range(8)))
'''


def test_first_launches_from_eight_threads_in_a_fresh_interpreter_finish(tmp_path):
    # The first CPU launch imports Python's signal module (Ctrl-C routing);
    # that import once ran inside a C++ static initializer, where a thread
    # waiting on its guard would hold the GIL the importing thread needs. A
    # fresh interpreter (signal not imported yet), eight threads compiling
    # and launching at once, the GIL switching often: all finish, right.
    # (This machine did not show the deadlock with the old code either; the
    # test guards the first-launch path of several threads as a whole.)
    import os
    import subprocess
    import sys
    program = tmp_path / "first_launches.py"
    program.write_text(_FIRST_LAUNCHES)
    for _ in range(3):
        out = subprocess.run([sys.executable, str(program)], capture_output=True, text=True,
                             timeout=120, env=dict(os.environ, PYJIT_TARGET="cpu"))
        assert out.stdout.splitlines() == ["signal imported before False", "filled True"], \
            out.stdout + out.stderr


def test_runner_errors_name_the_file_of_a_device_function_in_another_module(tmp_path):
    # A collective or barrier inside a device function of another file is
    # named with that file's name and line, not the kernel's file.
    from kernel_files import load_module
    helpers = load_module(tmp_path, "warp_helpers", (
        "from pyjit import cuda\n\n"
        "@cuda.jit(device=True)\n"
        "def shuffle(v):\n"
        "    return cuda.shfl_down_sync(0xffffffff, v, 1)\n\n"
        "@cuda.jit(device=True)\n"
        "def barrier():\n"
        "    cuda.syncthreads()\n"))
    shuffle, barrier = helpers.shuffle, helpers.barrier

    @cuda.jit(target="cpu")
    def k(out):
        v = 1.0
        if cuda.threadIdx.x < 5:
            v = shuffle(v)
        barrier()
        out[cuda.threadIdx.x] = v

    with pytest.raises(pyjit.KernelError, match=(
            r"waits at cuda.shfl_down_sync on .*warp_helpers.py:5 for lane 5 of its mask, "
            r"thread \(5, 0, 0\) of block \(0, 0, 0\), which waits at cuda.syncthreads on "
            r".*warp_helpers.py:9")):
        k[1, 32](np.zeros(32))

    @cuda.jit(target="cpu", debug=True, opt=False)
    def diverge(out):
        if cuda.threadIdx.x < 3:
            barrier()
        else:
            cuda.syncthreads()

    first = diverge.py_func.__code__.co_firstlineno
    with pytest.raises(pyjit.KernelError, match=(
            r"barrier divergence: .* waits at cuda.syncthreads on .*warp_helpers.py:9 while "
            r"thread \(3, 0, 0\) of block \(0, 0, 0\) waits at the one on "
            r".*test_cpu_backend.py:%d" % (first + 5))):
        diverge[1, 32](np.zeros(32))


def test_runner_errors_name_the_file_of_a_block_primitive_in_another_module(tmp_path):
    # pyjit.coop's block primitives wait at block barriers too: one inside a
    # device function of another file is named with that file and line.
    from kernel_files import load_module
    helpers = load_module(tmp_path, "coop_helpers", (
        "from pyjit import coop, cuda\n\n"
        "@cuda.jit(device=True)\n"
        "def block_total(v):\n"
        "    return coop.block.sum(v)\n"))
    block_total = helpers.block_total

    @cuda.jit(target="cpu", debug=True)
    def half_the_block(x, out):
        i = cuda.grid(1)
        if i % 2 == 0:
            out[i] = block_total(x[i])

    with pytest.raises(pyjit.KernelError, match=r"barrier divergence: 32 threads wait at a "
                                                r"pyjit.coop block primitive on "
                                                r".*coop_helpers.py:5"):
        half_the_block[1, 64](np.ones(64, np.float32), np.zeros(64, np.float32))


def test_a_raise_names_the_character_column_after_non_ascii_text(tmp_path):
    # Columns count characters, as diagnostics do (and CPython, and editors):
    # "é" is one column, two UTF-8 bytes: the index 5 is at column 16 (its byte 17).
    from kernel_files import load_module
    m = load_module(tmp_path, "utf8_cols", (
        "from pyjit import cuda\n\n"
        "@cuda.jit(target='cpu', debug=True)\n"
        "def k(a):\n"
        "    t = 'é'; a[5] = 1.0\n"))
    with pytest.raises(IndexError, match=r"utf8_cols.py:5:16 "):
        m.k[1, 1](np.zeros(2))


def _mappings():
    with open("/proc/self/maps") as f:
        return sum(1 for _ in f)


@pytest.mark.skipif(not __import__("os").path.exists("/proc/self/maps"),
                    reason="needs Linux's /proc/self/maps")
def test_fiber_stacks_kept_between_launches_stay_within_a_budget():
    # Each host thread keeps the fiber stacks of its launches (two mappings
    # each); 40 long-lived threads launching 1024-thread blocks with a
    # barrier once each, one after another, kept ~80000 mappings, past
    # vm.max_map_count: the next kernel could not map a stack, and LLVM's
    # compiler could not start a thread (the process aborted).
    import threading

    @cuda.jit(target="cpu")
    def reverse(out):
        s = cuda.shared.array(1024, int32)
        t = cuda.threadIdx.x
        s[t] = t
        cuda.syncthreads()
        out[t] = s[1023 - t]

    reverse[1, 1024](np.zeros(1024, np.int32))  # (compiled, the pool made)
    before = _mappings()
    done, results, turn = threading.Event(), [], threading.Lock()

    def launch():
        out = np.zeros(1024, np.int32)
        with turn:  # one launch at a time: none overlap
            reverse[1, 1024](out)
        results.append(out.tolist() == list(range(1023, -1, -1)))
        done.wait()

    threads = [threading.Thread(target=launch) for _ in range(40)]
    for t in threads:
        t.start()
    while len(results) < 40:
        threading.Event().wait(0.01)
    grown = _mappings() - before
    done.set()
    for t in threads:
        t.join()
    assert all(results)
    assert grown < 2 * 1024 + 500, grown  # at most 1024 kept stacks in the process


def _run_on_the_cpu_backend(program):
    """Runs Python file `program` in a new process on the CPU backend; its
    completed process, after asserting that it exited with 0 (a crash there
    does not take the tests with it)."""
    import os
    import subprocess
    import sys
    out = subprocess.run([sys.executable, str(program)], capture_output=True, text=True,
                         timeout=120, env=dict(os.environ, PYJIT_TARGET="cpu"))
    assert out.returncode == 0, out.stderr[-2000:]
    return out


def test_recursion_is_still_caught_after_the_stack_limit_is_lowered(tmp_path):
    # The main thread's stack bounds are cached between launches; lowered by
    # setrlimit after a launch, the cache must follow (it segfaulted).
    program = tmp_path / "rlimit.py"
    program.write_text(
        "import resource\n"
        "import numpy as np\n"
        "from pyjit import cuda\n"
        "@cuda.jit(device=True)\n"
        "def depth(n):\n"
        "    if n <= 0:\n"
        "        return 0\n"
        "    return 1 + depth(n - 1)\n"
        "@cuda.jit\n"
        "def k(n, out):\n"
        "    out[0] = depth(n[0])\n"
        "def run(n):\n"
        "    out = np.zeros(1, np.int64)\n"
        "    try:\n"
        "        k[1, 1](np.array([n]), out)\n"
        "        return 'ok %d' % out[0]\n"
        "    except RecursionError:\n"
        "        return 'RecursionError'\n"
        "print(run(10))\n"
        "soft, hard = resource.getrlimit(resource.RLIMIT_STACK)\n"
        "resource.setrlimit(resource.RLIMIT_STACK, (1 << 20, hard))\n"
        "print(run(10 ** 7))\n")
    out = _run_on_the_cpu_backend(program)
    assert out.stdout.split("\n")[:2] == ["ok 10", "RecursionError"], out.stdout


def test_large_local_arrays_run_from_a_thread_with_a_small_stack(tmp_path):
    # A kernel without barriers runs on the launching thread's own stack; a
    # thread made after threading.stack_size(256 KiB) could not hold 480 KiB
    # of local array (a segfault): such a launch runs on fibers instead.
    program = tmp_path / "small_stack.py"
    program.write_text(
        "import threading\n"
        "import numpy as np\n"
        "from pyjit import cuda\n"
        "N = 60000\n"
        "@cuda.jit\n"
        "def k(a, out):\n"
        "    scratch = cuda.local.array(N, np.float64)\n"
        "    i = cuda.grid(1)\n"
        "    for j in range(N):\n"
        "        scratch[j] = a[i] + j\n"
        "    acc = 0.0\n"
        "    for j in range(N):\n"
        "        acc += scratch[j]\n"
        "    out[i] = acc\n"
        "a = np.arange(8.0)\n"
        "want = N * a + N * (N - 1) / 2\n"
        "def run(name):\n"
        "    out = np.zeros(8)\n"
        "    k[1, 8](a, out)\n"
        "    print(name, bool(np.allclose(out, want)), flush=True)\n"
        "run('main')\n"
        "threading.stack_size(256 * 1024)\n"
        "t = threading.Thread(target=run, args=('small',))\n"
        "t.start()\n"
        "t.join()\n")
    out = _run_on_the_cpu_backend(program)
    assert out.stdout.split() == ["main", "True", "small", "True"], out.stdout


def test_ctrl_c_names_a_while_loop_that_waits_at_a_barrier(tmp_path):
    # Threads of a kernel with barriers are fibers; Ctrl-C stopped the block
    # at its barrier before any thread reached its loop's check of the flag
    # (every 1024th iteration), so the message named no loop.
    program = tmp_path / "sync_spin.py"
    program.write_text(
        "import os, signal, threading, time\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "import numpy as np\n"
        "from pyjit import cuda\n"
        "@cuda.jit\n"
        "def sync_spin(flag, out):\n"
        "    s = cuda.shared.array(32, np.float64)\n"
        "    i = cuda.threadIdx.x\n"
        "    while flag[0] == 0:\n"
        "        s[i] += 1.0\n"
        "        cuda.syncthreads()\n"
        "    out[i] = s[i]\n"
        "flag, out = np.ones(1, np.int32), np.zeros(32)\n"
        "sync_spin[2, 32](flag, out)\n"
        "flag[0] = 0\n"
        "threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT)).start()\n"
        "start = time.monotonic()\n"
        "try:\n"
        "    sync_spin[2, 32](flag, out)\n"
        "except KeyboardInterrupt as exc:\n"
        "    print('stopped after %.1f s: %s' % (time.monotonic() - start, exc))\n"
        "flag[0] = 1\n"
        "sync_spin[2, 32](flag, out)\n"
        "print('ran again')\n")
    out = _run_on_the_cpu_backend(program)
    lines = out.stdout.splitlines()
    assert len(lines) == 2 and lines[1] == "ran again", out.stdout
    assert lines[0].startswith("stopped after 0."), lines[0]
    assert ("Ctrl-C stopped the launch in a while loop in kernel 'sync_spin' at %s:9:5 "
            "(thread (" % program) in lines[0]
