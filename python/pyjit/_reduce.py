"""cuda.reduce: numba.cuda's reduction of a 1-D array by a binary function.

    @cuda.reduce
    def sum_reduce(a, b):
        return a + b

    total = sum_reduce(values)                 # numpy or device array, 1-D
    sum_reduce(values, res=device_out)         # into device_out[0] instead
    sum_reduce(values, size=n, init=1.0, stream=s)

The function becomes a device function. A first launch reduces the array to
one value per block (each block's threads take a grid-strided slice, then a
tree in shared memory), a second launch of one block reduces those and
applies `init` once: op(result, init), as numba.cuda does. The function must
be associative and commutative (the combinations do not follow the array's
order), as for numba.cuda. An empty array (or size 0) gives `init`.
"""
import numpy as np

from . import cuda

_BLOCK = 256    # threads per block (a power of two: the tree halves it)
_MAX_BLOCKS = 64  # partial results of the first launch, at most


def _make_kernel(op, jit):
    @jit
    def reduce_blocks(src, out, n, init, use_init):
        # out[block] = op over src[block * 256 + t :: 256 * blocks], t < 256;
        # with use_init (one block), out[0] = op(that, init).
        values = cuda.shared.array(256, src.dtype)
        have = cuda.shared.array(256, np.int8)
        t = cuda.threadIdx.x
        stride = cuda.blockDim.x * cuda.gridDim.x
        acc = src[0]
        present = False
        for j in range(cuda.blockIdx.x * cuda.blockDim.x + t, n, stride):
            if present:
                acc = op(acc, src[j])
            else:
                acc = src[j]
                present = True
        values[t] = acc
        have[t] = present
        cuda.syncthreads()
        half = cuda.blockDim.x // 2
        while half > 0:
            if t < half and have[t + half]:
                if have[t]:
                    values[t] = op(values[t], values[t + half])
                else:
                    values[t] = values[t + half]
                    have[t] = 1
            cuda.syncthreads()
            half //= 2
        if t == 0:
            if use_init:
                out[cuda.blockIdx.x] = op(values[0], init)
            else:
                out[cuda.blockIdx.x] = values[0]

    return reduce_blocks


class Reduce:
    """A reduction by `functor(a, b)` (numba.cuda.Reduce; `cuda.reduce`)."""

    def __init__(self, functor):
        self._functor = functor
        device = functor if isinstance(functor, cuda.DeviceFunction) else \
            cuda.jit(device=True)(functor)
        self._device = device
        self._kernels = {}
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
        if getattr(arr, "ndim", 1) != 1:
            raise TypeError("cuda.reduce takes a 1-D array, got %d dimensions" % arr.ndim)
        n = len(range(arr.shape[0])[:size])  # numba reduces arr[:size]
        dtype = np.dtype(arr.dtype)
        init = dtype.type(init)
        if n == 0:
            return init  # as numba: res is left alone
        if isinstance(arr, np.ndarray) and not host_memory():
            arr = to_device(arr[:n], stream=stream)
        elif not isinstance(arr, (np.ndarray, DeviceArray)):
            arr = cuda.as_cuda_array(arr)
        kernel = self._kernel()
        blocks = min(-(-n // _BLOCK), _MAX_BLOCKS)
        partials = device_array(blocks, dtype)
        out = device_array(1, dtype)
        kernel[blocks, _BLOCK, stream](arr, partials, n, init, False)
        kernel[1, _BLOCK, stream](partials, out, blocks, init, True)
        if res is not None:
            res[:1].copy_to_device(out, stream=stream)
            return None
        return out.copy_to_host(stream=stream)[0]


def reduce(functor):
    """The decorator `@cuda.reduce`: a Reduce of the function."""
    return Reduce(functor)
