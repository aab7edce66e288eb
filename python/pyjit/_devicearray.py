"""Device memory and DeviceArray, numba.cuda's device-side ndarray.

A DeviceArray owns (or views) GPU memory allocated with cuMemAlloc and
exposes it through __cuda_array_interface__ (version 3), so CuPy, PyTorch
and pyjit kernels accept it zero-copy. For the CPU backend (no usable GPU,
or PYJIT_TARGET=cpu) the same DeviceArray lives in host memory, copies are
memmoves, and CPU-backend kernels read it in place.
"""
import ctypes
import os
import sys

import numpy as np

from ._ext import ext

_host = None


def host_memory():
    """True when device arrays live in host memory (the CPU backend's)."""
    global _host
    if _host is None:
        _host = os.environ.get("PYJIT_TARGET") == "cpu" or ext().driver_error() is not None
    return _host


def _htod(ptr, ary):
    if host_memory():
        ctypes.memmove(ptr, np.ascontiguousarray(ary).ctypes.data, ary.nbytes)
    else:
        ext().memcpy_htod(ptr, ary)


def _dtoh(ary, ptr):
    if host_memory():
        ctypes.memmove(ary.ctypes.data, ptr, ary.nbytes)
    else:
        ext().memcpy_dtoh(ary, ptr)


class _DeviceBuffer:
    """An owned cuMemAlloc allocation of `nbytes` bytes, freed on collection."""

    __slots__ = ("ptr", "nbytes", "host", "__weakref__")

    def __init__(self, nbytes):
        self.nbytes = nbytes
        self.host = None
        if host_memory():  # the CPU backend's device memory: 64-byte aligned host bytes
            self.host = np.empty(max(1, nbytes) + 64, dtype=np.uint8)
            self.ptr = (self.host.ctypes.data + 63) // 64 * 64
        else:
            self.ptr = ext().mem_alloc(max(1, nbytes))

    def __del__(self):
        ptr, self.ptr = getattr(self, "ptr", 0), 0
        if ptr and getattr(self, "host", None) is None:
            try:
                ext().mem_free(ptr)
            except Exception:  # interpreter shutdown or a lost context
                pass


class _View:
    """Memory inside another allocation (keeps it alive)."""

    __slots__ = ("base", "ptr", "nbytes")

    def __init__(self, base, offset):
        self.base = base
        self.ptr = base.ptr + offset
        self.nbytes = max(0, base.nbytes - offset)


def _kernel_type(dtype, shape, strides):
    """The interned kernel argument type string, or None (unsupported dtype, 0-d)."""
    from ._typeof import SUPPORTED_DTYPES, _c_contiguous, array_type
    if dtype.name not in SUPPORTED_DTYPES or not dtype.isnative or not shape:
        return None
    c = _c_contiguous(shape, strides, dtype.itemsize)
    f = not c and _c_contiguous(shape[::-1], strides[::-1], dtype.itemsize)
    return sys.intern(array_type(dtype.name, len(shape), c, f))


def _c_strides(shape, itemsize):
    strides = []
    acc = itemsize
    for extent in reversed(shape):
        strides.append(acc)
        acc *= max(extent, 1)
    return tuple(reversed(strides))


class DeviceArray:
    """An n-d array in GPU memory: shape, strides (bytes) and dtype as in numpy."""

    def __init__(self, shape, dtype, strides=None, buffer=None):
        if isinstance(shape, (int, np.integer)):
            shape = (int(shape),)
        self.shape = tuple(int(s) for s in shape)
        if any(s < 0 for s in self.shape):
            raise ValueError("negative dimensions are not allowed: %s" % (self.shape,))
        self.dtype = np.dtype(dtype)
        self.strides = tuple(strides) if strides is not None else _c_strides(
            self.shape, self.dtype.itemsize)
        self.size = int(np.prod(self.shape, dtype=np.int64))
        self.nbytes = self.size * self.dtype.itemsize
        self._buffer = buffer if buffer is not None else _DeviceBuffer(self.nbytes)
        # Shape, dtype and pointer never change: the interface dict and the
        # kernel argument type are built once (the launch path reads them).
        contiguous = self.strides == _c_strides(self.shape, self.dtype.itemsize)
        self._cai = {"shape": self.shape, "strides": None if contiguous else self.strides,
                     "typestr": self.dtype.str, "data": (self._buffer.ptr, False),
                     "version": 3, "stream": None}
        # The kernel argument type, and the kernel parameters of this array
        # (docs/abi.md) followed by that type, interned: the launch fast path
        # reads both from this one tuple (python/src/Dispatch.cpp).
        self._pyjit_type = _kernel_type(self.dtype, self.shape, self.strides)
        self._pyjit_abi = (self._buffer.ptr,) + self.shape + self.strides + (self._pyjit_type,)

    @property
    def ndim(self):
        return len(self.shape)

    def _buffer_is_host(self):
        buf = self._buffer
        while isinstance(buf, _View):
            buf = buf.base
        return buf.host is not None

    @property
    def device_ctypes_pointer(self):
        return self._buffer.ptr

    @property
    def __cuda_array_interface__(self):
        return self._cai

    def __len__(self):
        return self.shape[0]

    @property
    def T(self):
        return DeviceArray(tuple(reversed(self.shape)), self.dtype,
                           tuple(reversed(self.strides)), self._buffer)

    def __repr__(self):
        return "<pyjit DeviceArray shape=%s dtype=%s>" % (self.shape, self.dtype)

    def is_c_contiguous(self):
        return self.strides == _c_strides(self.shape, self.dtype.itemsize)

    def copy_to_device(self, ary, stream=0):
        """Copies a host array (same shape and dtype) into this array."""
        ary = np.ascontiguousarray(ary, dtype=self.dtype)
        if ary.shape != self.shape:
            raise ValueError("shape %s does not match the device array's %s"
                             % (ary.shape, self.shape))
        if self.nbytes:
            _htod(self._buffer.ptr, ary)

    def is_f_contiguous(self):
        return self.strides == tuple(reversed(_c_strides(tuple(reversed(self.shape)),
                                                         self.dtype.itemsize)))

    def __getitem__(self, index):
        """A view (basic indexing and slicing, as numpy) sharing this memory."""
        if not isinstance(index, tuple):
            index = (index,)
        if len(index) > self.ndim:
            raise IndexError("too many indices for a %d-d device array" % self.ndim)
        offset, shape, strides = 0, [], []
        for d, (extent, stride) in enumerate(zip(self.shape, self.strides)):
            idx = index[d] if d < len(index) else slice(None)
            if isinstance(idx, slice):
                start, stop, step = idx.indices(extent)
                shape.append(len(range(start, stop, step)))
                strides.append(stride * step)
                offset += start * stride
            elif isinstance(idx, (int, np.integer)):
                i = int(idx) + (extent if idx < 0 else 0)
                if not 0 <= i < extent:
                    raise IndexError("index %d out of range for extent %d" % (idx, extent))
                offset += i * stride
            else:
                raise TypeError("device arrays take ints and slices as indices, not %r" % (idx,))
        if not shape:
            raise NotImplementedError("indexing a single element of a device array; copy it "
                                      "to the host first")
        return DeviceArray(shape, self.dtype, strides, _View(self._buffer, offset))

    def copy_to_host(self, ary=None, stream=0):
        """Copies to a new numpy array, or into `ary` (same shape and dtype); returns it."""
        if self.is_f_contiguous() and not self.is_c_contiguous():
            if ary is None:
                ary = np.empty(self.shape, dtype=self.dtype, order="F")
            if self.nbytes:
                tmp = ary if ary.flags.f_contiguous else np.empty(self.shape, self.dtype, order="F")
                _dtoh(tmp.T, self._buffer.ptr)
                if tmp is not ary:
                    ary[...] = tmp
            return ary
        if not self.is_c_contiguous():
            raise NotImplementedError("copy_to_host of a non-contiguous device array view")
        if ary is None:
            ary = np.empty(self.shape, dtype=self.dtype)
        elif ary.shape != self.shape or ary.dtype != self.dtype:
            raise ValueError("copy_to_host: host array %s %s does not match %s %s"
                             % (ary.shape, ary.dtype, self.shape, self.dtype))
        if self.nbytes:
            if ary.flags.c_contiguous:
                _dtoh(ary, self._buffer.ptr)
            else:
                tmp = np.empty(self.shape, dtype=self.dtype)
                _dtoh(tmp, self._buffer.ptr)
                ary[...] = tmp
        return ary


def to_device(obj, stream=0, copy=True, to=None):
    """Copies a numpy array (or array-like) to a new DeviceArray, or into `to`."""
    if isinstance(obj, DeviceArray):
        return obj
    ary = np.asarray(obj)
    if to is not None:
        to.copy_to_device(ary)
        return to
    if ary.flags.f_contiguous and not ary.flags.c_contiguous:
        # Keep Fortran order (numba does): same bytes, Fortran strides.
        dev = DeviceArray(ary.shape, ary.dtype, ary.strides)
        if copy and dev.nbytes:
            _htod(dev.device_ctypes_pointer, ary.T)
        return dev
    ary = np.ascontiguousarray(ary)
    dev = DeviceArray(ary.shape, ary.dtype)
    if copy and dev.nbytes:
        _htod(dev.device_ctypes_pointer, ary)
    return dev


def device_array(shape, dtype=np.float64, strides=None, order="C", stream=0):
    """An uninitialized DeviceArray of `shape` and `dtype` (C order)."""
    if order != "C" or strides is not None:
        raise NotImplementedError("device_array supports C order only")
    return DeviceArray(shape, dtype)


def device_array_like(ary, stream=0):
    """An uninitialized DeviceArray with `ary`'s shape and dtype."""
    return DeviceArray(ary.shape, ary.dtype)
