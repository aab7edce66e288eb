"""cuda.reduce: numba.cuda's reduction of a 1-D array by a binary function.

    @cuda.reduce
    def sum_reduce(a, b):
        return a + b

    total = sum_reduce(values)                 # numpy or device array, 1-D
    sum_reduce(values, res=device_out)         # into device_out[0] instead
    sum_reduce(values, size=n, init=1.0, stream=s)

The function becomes a device function. The values are combined in the
order numba-cuda's reduction kernel (numba/cuda/kernels/reduction.py)
combines them, so a float sum is the same to the last bit as numba's:
- Blocks of 128 threads (4 warps). The first n // 128 * 128 elements go
  to at most 64 full blocks; each thread folds its grid-strided elements
  left to right, each warp halves its 32 values in shared memory
  (lane i takes op(v[i], v[i + w]) for w = 16, 8, 4, 2, 1), and thread 0
  combines the warps as op(op(w0, w2), op(w1, w3)).
- The other n % 128 elements go to one block of that many threads: its
  full warps halve as above, the last warp folds left to right, and
  thread 0 folds the warps left to right.
- `init` is applied once, on the right of the first block's value:
  op(block0, init).
- The partial results are combined as the partial block combines its
  elements, one a thread.
numba launches three kernels for this (the full blocks, the partial block,
the combination); pyjit launches one. Its grid is the full blocks and the
partial block (128 threads each, the partial block's extra threads idle),
and the last block to finish combines the partial results. It finds that
it is last by a count of finished blocks in device memory, after a
__threadfence: the "last block" reduction of the CUDA samples'
threadFenceReduction (CUDA C++ Programming Guide, "Memory Fence
Functions").
The function should be associative and commutative, as numba.cuda asks: the
combinations do not follow the array's order. An empty array (or size 0)
gives `init`.
"""
import threading

import numpy as np

from . import _emm, cuda

_WARPS = 4      # warps of a full block (numba's _NUMWARPS)
_BLOCK = 128    # threads of a full block: _WARPS warps of 32
_MAX_BLOCKS = 64  # full blocks, at most (numba's: twice the warp size)
# A thread of a full block loads its elements _GROUPS * _BATCH at a time,
# then _BATCH, then _SMALL_BATCH at a time, then one by one. A loop of
# _BATCH loads is unrolled into registers; LLVM leaves one of 32 rolled, in
# local memory, so wider batches are groups of _BATCH. Of 16, 32, 48 and 64
# at a time, 48 was fastest for 10^8 int32 values on an H100, 32 and 48
# for float64 (docs/benchmarks.md, the forty-seventh session's entry).
_BATCH = 16
_GROUPS = 3
_SMALL_BATCH = 4


def _make_kernel(op, jit):
    @jit(device=True)
    def halve_in_warp(sm, warp, lane, value):
        # sm[warp, 0] = the warp's 32 values combined as a halving tree.
        sm[warp, lane] = value
        cuda.syncwarp()
        width = 16
        while width:
            if lane < width:
                sm[warp, lane] = op(sm[warp, lane], sm[warp, lane + width])
            cuda.syncwarp()
            width //= 2

    @jit(device=True)
    def fold(src, acc, i, step, wide, groups, width):
        # acc folded with src[i], src[i + step], ... (groups * width of
        # them), which are loaded into `wide` first: with constant groups
        # and width its loops unroll, so the loads are in flight together.
        for g in range(groups):
            for j in range(width):
                wide[g, j] = src[i + (g * width + j) * step]
        for g in range(groups):
            for j in range(width):
                acc = op(acc, wide[g, j])
        return acc

    @jit(device=True)
    def fold_few(sm, src, first, n, t, warp, lane):
        # sm[0, 0] (thread 0's) = src[first:first + n] combined (n <= 128,
        # one element a thread below n): full warps halve, the warp holding
        # the last element folds left to right, thread 0 folds the warps.
        if t < n:
            sm[warp, lane] = src[first + t]
        cuda.syncthreads()
        if (warp + 1) * 32 < n:
            halve_in_warp(sm, warp, lane, sm[warp, lane])
        elif lane == 0 and warp * 32 < n:
            for i in range(1, n - warp * 32):
                sm[warp, 0] = op(sm[warp, 0], sm[warp, i])
        cuda.syncthreads()
        if t == 0:
            r = sm[0, 0]
            for w in range(1, (n + 31) // 32):
                r = op(r, sm[w, 0])
            sm[0, 0] = r

    # (launch_bounds: at most 128 threads a block, and one block an SM is
    # enough, so ptxas may give a thread the registers its batches of loads
    # need; without it ptxas keeps 32 and interleaves the loads with the
    # folds, measured on an H100.)
    @jit(launch_bounds=(_BLOCK, 1))
    def reduce_grid(src, n, partials, out, ticket, init):
        # One launch of blocks of _BLOCK threads: block b < blocks combines its
        # grid-strided share of src[:full] into partials[b]; the block after
        # them (when n % 128) src[full:n]; init goes on the right of block
        # 0's. The last block to finish (ticket: a count of the finished
        # ones, back to 0 after) combines partials[:count] into out[0].
        sm = cuda.shared.array((4, 33), src.dtype)  # (+1 column: no bank conflicts)
        last = cuda.shared.array(1, np.int32)
        t = cuda.threadIdx.x
        warp = t // 32
        lane = t % 32
        b = cuda.blockIdx.x
        count = cuda.gridDim.x
        full = n // _BLOCK * _BLOCK
        # (max: blocks >= 0 where LLVM can see it, so the indices below are
        # too, and the batches unroll into registers, not local memory)
        blocks = min(max(full // _BLOCK, 0), _MAX_BLOCKS)
        if b < blocks:
            step = _BLOCK * blocks
            start = t + _BLOCK * b
            acc = src[start]
            # Left to right, as numba's loop, but the loads go in batches
            # (registers: `wide` is unrolled away), so a thread has them in
            # flight together rather than one after another.
            wide = cuda.local.array((_GROUPS, _BATCH), src.dtype)
            i = start + step
            while i + (_GROUPS * _BATCH - 1) * step < full:
                acc = fold(src, acc, i, step, wide, _GROUPS, _BATCH)
                i += _GROUPS * _BATCH * step
            while i + (_BATCH - 1) * step < full:
                acc = fold(src, acc, i, step, wide, 1, _BATCH)
                i += _BATCH * step
            while i + (_SMALL_BATCH - 1) * step < full:
                acc = fold(src, acc, i, step, wide, 1, _SMALL_BATCH)
                i += _SMALL_BATCH * step
            while i < full:
                acc = op(acc, src[i])
                i += step
            halve_in_warp(sm, warp, lane, acc)
            cuda.syncthreads()
            if t < 2:
                sm[t, 0] = op(sm[t, 0], sm[t + 2, 0])
                cuda.syncwarp(3)
            if t == 0:
                sm[0, 0] = op(sm[0, 0], sm[1, 0])
        else:
            fold_few(sm, src, full, n - full, t, warp, lane)
        if t == 0:
            partials[b] = op(sm[0, 0], init) if b == 0 else sm[0, 0]
        if count > 1:
            if t == 0:
                cuda.threadfence()  # (partials[b] seen before the ticket)
                last[0] = cuda.atomic.add(ticket, 0, 1) == count - 1
                cuda.threadfence()
            cuda.syncthreads()
            if last[0]:
                fold_few(sm, partials, 0, count, t, warp, lane)
                if t == 0:
                    out[0] = sm[0, 0]
                    ticket[0] = 0

    reduce_grid._quiet_occupancy = True
    return reduce_grid


class Reduce:
    """A reduction by `functor(a, b)` (numba.cuda.Reduce; `cuda.reduce`)."""

    def __init__(self, functor):
        self._functor = functor
        device = functor if isinstance(functor, cuda.DeviceFunction) else \
            cuda.jit(device=True)(functor)
        self._device = device
        self._kernels = {}
        self._typed = set()  # the dtypes the function was found to reduce
        # Device memory for the partial results, kept between calls (an
        # allocation and a free cost more than the kernel for small arrays):
        # {(device, dtype): array}, {(device, dtype, partials): its views
        # (_views)} and {device: the ticket, an int32 count of the blocks
        # done, 0 between calls}, used by one call at a time (_scratch_lock)
        # that returns the result on the host, so its kernel is done when
        # the next call writes them.
        self._scratch = {}
        self._scratch_lock = threading.Lock()
        self._resets = _emm.resets  # (the memory managers' resets it was allocated after)
        self.__name__ = getattr(functor, "__name__", "reduce")
        self.__doc__ = getattr(functor, "__doc__", None)

    def _kernel(self):
        from ._devicearray import host_memory
        key = host_memory()
        kernel = self._kernels.get(key)
        if kernel is None:
            kernel = self._kernels[key] = _make_kernel(self._device, cuda.jit)
        return kernel

    def __call__(self, arr, size=None, res=None, init=0, stream=0):
        """Reduces arr[:size] of the 1-D `arr` (numpy or device array; all of
        it by default). Returns the result as a NumPy scalar of arr's dtype,
        or with `res` (a device array) stores it in res[0] and returns None;
        an empty range returns `init` (res untouched), as numba.cuda does.
        TypeError for an array that is not 1-D."""
        from ._devicearray import DeviceArray, device_array, host_memory, to_device
        from ._ext import ext
        if getattr(arr, "ndim", 1) != 1:
            raise TypeError("cuda.reduce takes a 1-D array, got %d dimensions" % arr.ndim)
        n = len(range(arr.shape[0])[:size])  # numba reduces arr[:size]
        dtype = np.dtype(arr.dtype)
        if dtype.kind not in "biufcmM":
            raise TypeError("cuda.reduce takes an array of numbers, bools or datetime64/"
                            "timedelta64 values, not dtype %s" % dtype)
        # (np.asarray: a datetime64/timedelta64 init in the array's unit)
        init = np.asarray(init, dtype=dtype)[()] if dtype.kind in "mM" else dtype.type(init)
        if n == 0:
            return init  # as numba: res is left alone
        if dtype not in self._typed:
            # Errors in the function at its own lines (a result that is no
            # number, or complex for real values), not inside the kernel's.
            from ._ufunc import check_result
            check_result(self._device.py_func, [dtype.name] * 2, dtype,
                         "cuda.reduce's function '%s'" % self.__name__)
            self._typed.add(dtype)
        if isinstance(arr, np.ndarray) and not host_memory():
            arr = to_device(arr[:n], stream=stream)
        elif not isinstance(arr, (np.ndarray, DeviceArray)):
            arr = cuda.as_cuda_array(arr)
        kernel = self._kernel()
        full = n // _BLOCK * _BLOCK
        rest = n - full
        blocks = min(full // _BLOCK, _MAX_BLOCKS)
        count = blocks + (1 if rest else 0)
        # With res the kernel may still run when this returns: new memory.
        reuse = res is None and self._scratch_lock.acquire(blocking=False)
        try:
            views = None
            if reuse:
                if self._resets != _emm.resets:  # (its memory may be freed: cuda.close())
                    self._scratch.clear()
                    self._resets = _emm.resets
                key = (ext().selected_device() if not host_memory() else -1, dtype)
                views = self._scratch.get(key + (count,))
                if views is None:
                    scratch = self._scratch.get(key)
                    if scratch is None:
                        scratch = self._scratch[key] = device_array(_MAX_BLOCKS + 2, dtype)
                    views = self._scratch[key + (count,)] = _views(scratch, count)
                ticket = self._scratch.get(key[0])
                if ticket is None:
                    ticket = self._scratch[key[0]] = to_device(np.zeros(1, np.int32))
            else:
                views = _views(device_array(count + 1, dtype), count)
                ticket = to_device(np.zeros(1, np.int32), stream=stream)
            partials, out = views
            try:
                kernel[count, _BLOCK, stream](arr, n, partials, out, ticket, init)
            except BaseException:
                # (an interrupted launch may leave the ticket counted)
                if reuse:
                    self._scratch.pop(key[0], None)
                raise
            if res is not None:
                res[:1].copy_to_device(out, stream=stream)
                return None
            return out.copy_to_host(stream=stream)[0]
        finally:
            if reuse:
                self._scratch_lock.release()


def _views(scratch, count):
    """The views of a call's `count` partial results in `scratch`, and of
    its result: (partials, out); out is the one partial when count is 1."""
    partials = scratch[:count]
    return partials, (scratch[count:count + 1] if count > 1 else partials[:1])


def reduce(functor):
    """The decorator `@cuda.reduce`: a Reduce of the function."""
    return Reduce(functor)
