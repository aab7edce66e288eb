"""Device memory and DeviceArray, numba.cuda's device-side ndarray.

A DeviceArray owns (or views) GPU memory allocated with cuMemAlloc and
exposes it through __cuda_array_interface__ (version 3), so CuPy, PyTorch
and pyjit kernels accept it zero-copy. For the CPU backend (no usable GPU,
or PYJIT_TARGET=cpu) the same DeviceArray lives in host memory, copies are
memmoves, and CPU-backend kernels read it in place.
"""
import ctypes
import functools
import math
import operator
import os
import struct
import sys
import weakref

import numpy as np

from . import _emm
from ._ext import ext
from ._typeof import _c_contiguous


def current_ordinal():
    """The ordinal of the current device."""
    from ._ext import current_device
    return current_device()["ordinal"]

_host = None
# The CPU backend's live allocations: a foreign __cuda_array_interface__ whose
# pointer lies in one is a view of it (_host_buffer_holding).
_host_buffers = weakref.WeakSet()


def host_memory():
    """True when device arrays live in host memory (the CPU backend's)."""
    global _host
    if _host is None:
        from ._options import environment_target
        _host = environment_target() == "cpu" or ext().driver_error() is not None
    return _host


def host_extent(ary):
    """(address, bytes) of the memory numpy array `ary` spans: from its lowest
    to its highest element's last byte, whatever its strides (numba's
    host_memory_extents); (its address, 0) when it is empty."""
    if not ary.size:
        return ary.ctypes.data, 0
    low = high = ary.ctypes.data
    for n, stride in zip(ary.shape, ary.strides):
        if stride < 0:
            low += (n - 1) * stride
        else:
            high += (n - 1) * stride
    return low, high - low + ary.itemsize


def _stream_arg(stream):
    """None (a synchronous copy) or the CUstream handle of `stream` (0: the
    default stream), for copies asynchronous on a stream."""
    if stream is None or (isinstance(stream, int) and not isinstance(stream, bool) and not stream):
        return None
    from ._dispatcher import _stream_handle
    return _stream_handle(stream)


def _htod(ptr, ary, stream=None):
    if host_memory():
        ctypes.memmove(ptr, np.ascontiguousarray(ary).ctypes.data, ary.nbytes)
    elif stream is None:
        ext().memcpy_htod(ptr, ary)
    else:
        ext().memcpy_htod(ptr, ary, stream)


def _dtoh(ary, ptr, stream=None):
    if host_memory():
        ctypes.memmove(ary.ctypes.data, ptr, ary.nbytes)
    elif stream is None:
        ext().memcpy_dtoh(ary, ptr)
    else:
        ext().memcpy_dtoh(ary, ptr, stream)


class _DeviceBuffer:
    """An owned cuMemAlloc allocation of `nbytes` bytes, freed on collection."""

    __slots__ = ("ptr", "nbytes", "host", "device", "__weakref__")

    def __init__(self, nbytes):
        self.nbytes = nbytes
        self.host = None
        self.device = -1
        if host_memory():
            # The CPU backend's device memory: 64-byte aligned host bytes,
            # rounded up to 256 bytes as a GPU allocation is (cudaMalloc aligns to
            # at least 256 bytes: CUDA C++ Programming Guide, "Device Memory
            # Accesses"), so a pointer kernel that writes a little past an
            # array's end, which a GPU's rounding hides, does not overwrite
            # the Python heap (array indices are always checked here).
            try:
                self.host = np.empty((max(1, nbytes) + 255) // 256 * 256 + 64, dtype=np.uint8)
            except MemoryError:  # as cuMemAlloc fails on a GPU (numba's CudaAPIError)
                from .errors import CudaError
                raise CudaError("allocating %d bytes of the CPU backend's device memory: "
                                "CUDA_ERROR_OUT_OF_MEMORY: out of memory" % nbytes,
                                code=2) from None
            self.ptr = (self.host.ctypes.data + 63) // 64 * 64
            _host_buffers.add(self)
        else:
            self.device = ext().selected_device()
            self.ptr = ext().mem_alloc(max(1, nbytes))

    def __del__(self):
        ptr, self.ptr = getattr(self, "ptr", 0), 0
        if ptr and getattr(self, "host", None) is None:
            try:
                ext().mem_free(ptr, self.device)
            except Exception:  # interpreter shutdown or a lost context (reported at sync)
                pass


class _PluginBuffer:
    """Device memory an EMM plugin's memalloc returned (`memory`: a
    MemoryPointer, or anything with a `device_pointer`), kept alive while
    arrays view it; its finalizer runs when it is collected."""

    __slots__ = ("ptr", "nbytes", "memory", "manager", "host", "__weakref__")

    def __init__(self, memory, nbytes, manager=None):
        from ._emm import pointer_value
        pointer = getattr(memory, "device_pointer", None)
        if pointer is None and manager is None:
            raise TypeError("gpu_data must be a MemoryPointer (an object with a "
                            "device_pointer), not %s" % type(memory).__name__)
        if pointer is None:
            raise RuntimeError("the memory manager's memalloc(%d) returned %s, which has no "
                               "device_pointer (a MemoryPointer is expected)"
                               % (nbytes, type(memory).__name__))
        self.ptr = pointer_value(pointer)
        self.nbytes = nbytes
        self.memory = memory
        self.manager = manager
        if manager is not None:
            size = getattr(memory, "size", None)
            if isinstance(size, int) and size < nbytes:
                raise RuntimeError("the memory manager's memalloc(%d) returned a MemoryPointer "
                                   "of %d bytes" % (nbytes, size))
        # On the CPU backend the plugin's memory is host memory (read in place;
        # a foreign interface over it is a view of it: _host_buffer_holding),
        # unless this process cannot read and write it (numba's test plugins give
        # pointers 1, 2, ...): then it is foreign, and copies and kernels
        # refuse it rather than end the process with a signal.
        self.host = memory if host_memory() and _emm.host_range_usable(self.ptr, nbytes) \
            else None
        if self.host is not None:
            _host_buffers.add(self)


def _new_buffer(nbytes):
    """`nbytes` bytes of new device memory: pyjit's (cuMemAlloc), or the
    current context's EMM plugin's (_emm.py)."""
    if _emm.plugged:
        from .cuda import current_context
        manager = current_context().memory_manager
        if type(manager) is not _emm.PyjitMemoryManager:
            if nbytes == 0:  # (numba asks a plugin for no empty allocations)
                return _External(0, 0, None)
            memory = manager.memalloc(nbytes)
            return _PluginBuffer(memory, nbytes, manager)
    return _DeviceBuffer(nbytes)


def _host_buffer_holding(ptr, nbytes):
    """The CPU backend's live allocation holding bytes [ptr, ptr + nbytes),
    or None (memory it did not allocate: a GPU's, or another library's)."""
    for buf in list(_host_buffers):
        if buf.ptr <= ptr and ptr + nbytes <= buf.ptr + buf.nbytes:
            return buf
    return None


class _External:
    """Memory another library owns (a DLPack tensor): `holder` releases it."""

    __slots__ = ("ptr", "nbytes", "holder", "host")

    def __init__(self, ptr, nbytes, holder):
        self.ptr, self.nbytes, self.holder, self.host = ptr, nbytes, holder, None


class _Flags(dict):
    """A device array's flags: numba's dict {'C_CONTIGUOUS': bool,
    'F_CONTIGUOUS': bool} (equal to such a dict), also read as numpy's
    flags are (attributes, and items by numpy's other names)."""

    _NAMES = {"C": "C_CONTIGUOUS", "CONTIGUOUS": "C_CONTIGUOUS", "F": "F_CONTIGUOUS",
              "FORTRAN": "F_CONTIGUOUS", "W": "WRITEABLE", "A": "ALIGNED"}

    def __init__(self, c, f):
        super().__init__(C_CONTIGUOUS=c, F_CONTIGUOUS=f)

    c_contiguous = contiguous = property(lambda self: dict.__getitem__(self, "C_CONTIGUOUS"))
    f_contiguous = property(lambda self: dict.__getitem__(self, "F_CONTIGUOUS"))
    writeable = property(lambda self: True)
    aligned = property(lambda self: True)

    def __getitem__(self, key):
        key = self._NAMES.get(key, key)
        if key in ("WRITEABLE", "ALIGNED"):
            return True
        return dict.__getitem__(self, key)  # KeyError for another name


class _Address(int):
    """A device address (an int) that also reads as a ctypes pointer's `.value`."""

    __slots__ = ()

    @property
    def value(self):
        return int(self)


class _StridedLayout:
    """numba-cuda's _StridedLayoutShim of a DeviceArray."""

    __slots__ = ("strides_in_bytes", "is_contiguous_c", "is_contiguous_f", "is_contiguous_any")

    def __init__(self, strides, c, f):
        self.strides_in_bytes = tuple(strides)
        self.is_contiguous_c, self.is_contiguous_f = c, f
        self.is_contiguous_any = c or f


class _StridedView:
    """numba-cuda's _StridedMemoryViewShim of a DeviceArray (ptr: the first
    element's device address, an int; shape; dtype; size; _layout)."""

    __slots__ = ("ptr", "shape", "dtype", "size", "_layout")

    def __init__(self, array):
        self.ptr = array._buffer.ptr
        self.shape, self.dtype, self.size = tuple(array.shape), array.dtype, array.size
        self._layout = _StridedLayout(array.strides, array.is_c_contiguous(),
                                      array.is_f_contiguous())


class _GpuData:
    """DeviceArray.gpu_data: numba's MemoryPointer, reduced to what programs
    read of it (the address, the size); equal for the same memory."""

    __slots__ = ("_buffer",)
    __cuda_memory__ = True  # (numba's MemoryPointer is device memory)

    def __init__(self, buffer):
        self._buffer = buffer

    @property
    def _cuda_memsize_(self):
        return self._buffer.nbytes

    @property
    def device_ctypes_pointer(self):
        return ctypes.c_void_p(self._buffer.ptr)

    @property
    def device_pointer(self):
        """The address: int() of it, as of numba-cuda's CUdeviceptr, or
        `.value`, as of the ctypes pointer older numba gave."""
        return _Address(self._buffer.ptr)

    @property
    def device_pointer_value(self):
        return self._buffer.ptr

    @property
    def size(self):
        return self._buffer.nbytes

    @property
    def handle(self):
        return _Address(self._buffer.ptr)

    @property
    def owner(self):
        """The memory object of the whole allocation this one lies in."""
        root = self._buffer
        while isinstance(root, _View):
            root = root.base
        return self if root is self._buffer else _GpuData(root)

    def own(self):
        """numba hands arrays an owning proxy; here the object itself (the
        memory lives while an array or memory object uses it)."""
        return self

    def free(self):
        """numba frees the allocation now; pyjit's goes when the last array
        or memory object using it does, so this does nothing."""

    def view(self, start, stop=None):
        """Bytes [start, stop) of this memory (numba's MemoryPointer.view):
        IndexError outside it."""
        size = self._buffer.nbytes
        stop = size if stop is None else stop
        if not 0 <= start <= stop <= size:
            raise IndexError("view [%d, %d) out of %d bytes of device memory"
                             % (start, stop, size))
        return _GpuData(_View(self._buffer, start, stop - start))

    def memset(self, byte, count=None, stream=0):
        """Sets `count` bytes (default: all) to `byte` (cuMemsetD8, ordered
        on `stream`; on the CPU backend, host memory). ValueError past the
        end."""
        from ._driver import device_memset
        count = self._buffer.nbytes if count is None else count
        if not 0 <= count <= self._buffer.nbytes:
            raise ValueError("memset of %d bytes in %d bytes of device memory"
                             % (count, self._buffer.nbytes))
        device_memset(self, byte, count, stream)

    def __eq__(self, other):
        return isinstance(other, _GpuData) and other._buffer.ptr == self._buffer.ptr

    def __hash__(self):
        return hash(self._buffer.ptr)

    def __repr__(self):
        return "<pyjit device memory at 0x%x, %d bytes>" % (self._buffer.ptr, self._buffer.nbytes)


class _View:
    """Memory inside another allocation (keeps it alive): from `offset` to
    its end, or `nbytes` bytes."""

    __slots__ = ("base", "ptr", "nbytes")

    def __init__(self, base, offset, nbytes=None):
        self.base = base
        self.ptr = base.ptr + offset
        self.nbytes = max(0, base.nbytes - offset) if nbytes is None else nbytes


def _kernel_type(dtype, shape, strides):
    """The interned kernel argument type string, or None (unsupported dtype)."""
    # (records uncached: dtypes that differ in alignment can compare equal)
    name = _element_type_name(dtype) if dtype.fields is None else _record_name(dtype)
    if name is None:
        return None
    c = _c_contiguous(shape, strides, dtype.itemsize)
    f = not c and _c_contiguous(shape[::-1], strides[::-1], dtype.itemsize)
    return _array_type(name, len(shape), c, f)


@functools.lru_cache(maxsize=1024)
def _array_type(name, ndim, c, f):
    from ._typeof import array_type
    return sys.intern(array_type(name, ndim, c, f))


def _record_name(dtype):
    """numba's Record spelling of a structured dtype, or None."""
    from ._typeof import record_spelling
    return record_spelling(dtype)[0]


@functools.lru_cache(maxsize=256)
def _element_type_name(dtype):
    """A kernel's name of the element type `dtype` (not a structured one),
    or None (kernels take no such arrays). Cached: every view of an array
    asks."""
    from ._typeof import SUPPORTED_DTYPES, char_seq_name, datetime_name, is_bfloat16
    if dtype.kind in "SU":  # bytes or str items: [char x 12], [unichr x 12]
        name = char_seq_name(dtype)
        if name is None:
            return None
    elif dtype.kind in "Mm":  # datetime64[D]: an int64 count of its unit
        name = datetime_name(dtype)
        if name is None:
            return None
    elif is_bfloat16(dtype):  # ml_dtypes' bfloat16
        name = "bfloat16"
    elif dtype.name not in SUPPORTED_DTYPES or not dtype.isnative:
        return None
    else:
        name = dtype.name
    return name


def _descr(dtype):
    """The CAI `descr` of a dtype (cached but for structured ones)."""
    return _plain_descr(dtype) if dtype.fields is None else _record_descr(dtype)


@functools.lru_cache(maxsize=256)
def _plain_descr(dtype):
    return dtype.descr


def _record_descr(dtype):
    """The CAI `descr` of a dtype: numpy's, or for a structured dtype numpy
    cannot describe (fields out of order or overlapping) a list of its
    fields in offset order with padding entries, as far as they do not
    overlap; [('', typestr)] when even that fails."""
    try:
        return dtype.descr
    except ValueError:
        out, at = [], 0
        for name, (fdt, offset, *_) in sorted(dtype.fields.items(), key=lambda kv: kv[1][1]):
            if offset < at:
                return [("", dtype.str)]
            if offset > at:
                out.append(("", "|V%d" % (offset - at)))
            out.append((name, fdt.str))
            at = offset + fdt.itemsize
        if at < dtype.itemsize:
            out.append(("", "|V%d" % (dtype.itemsize - at)))
        return out


# The most bytes an array can span: NumPy's limit (npy_intp), past which a
# shape's size wraps around.
_MAX_BYTES = 2**63 - 1


def _c_strides(shape, itemsize):
    strides = []
    acc = itemsize
    for extent in reversed(shape):
        strides.append(acc)
        acc *= max(extent, 1)
    return tuple(reversed(strides))


def _abi_base():
    """The extension's ArrayAbi: DeviceArray keeps its kernel parameters there,
    where the C++ launch path reads them; `object` without the extension."""
    try:
        return ext().ArrayAbi
    except (ImportError, AttributeError):
        return object


@functools.lru_cache(maxsize=256)
def _device_dtype(dtype):
    """`dtype` if device arrays hold it; TypeError saying why not. (Cached:
    every view checks its dtype, and numpy's dtype.name is slow.)"""
    if dtype.kind not in "biufcMmSU" and dtype.fields is None and dtype.name != "bfloat16":
        raise TypeError("device arrays hold booleans, integers, floats (bfloat16 too), "
                        "complex numbers, datetime64/timedelta64, bytes and str (S, U) or "
                        "records (structured dtypes), not dtype %s" % dtype)
    if dtype.hasobject:  # (a record with an object field passes the check above)
        raise TypeError("device arrays hold no Python objects: dtype %s has an object "
                        "field" % dtype)
    if not dtype.isnative:
        raise TypeError("device arrays hold numbers in the machine's byte order, not dtype "
                        "%s; use %s (cuda.to_device converts such arrays itself)"
                        % (dtype.str, dtype.newbyteorder("=").str))
    return dtype


def _sliced(index, extent, stride):
    """(first index, extent, stride in bytes) of a dimension of `extent`
    elements `stride` bytes apart sliced by `index`, as numpy slices it."""
    start, stop, step = index.indices(extent)
    n = len(range(start, stop, step))
    if not n:
        start, step = 0, 1  # an empty slice: numpy's start and stride
    # The step clamped to +-(2**63 - 1) as CPython's PySlice_Unpack does for
    # numpy, the product wrapped to int64 as numpy's npy_intp (only a
    # one-element view has such a step).
    clamped = max(-(2 ** 63 - 1), min(step, 2 ** 63 - 1))
    return start, n, (stride * clamped + 2 ** 63) % 2 ** 64 - 2 ** 63


def _read_only(name, why):
    """A DeviceArray attribute read from `_<name>`; setting it raises
    AttributeError(why)."""
    def refuse(self, value):
        raise AttributeError(why)

    return property(operator.attrgetter("_" + name), refuse)


# Other libraries' names for a copy to the host (DeviceArray.__getattr__).
_HOST_COPY_NAMES = frozenset({"to_host", "get", "numpy", "cpu", "tolist", "to_numpy", "asnumpy",
                              "copy_to_numpy"})


class DeviceArray(_abi_base()):
    """An n-d array in GPU memory: shape, strides (bytes) and dtype as in numpy."""

    def __getattr__(self, name):
        # (only for names the class lacks: no cost to the ones it has)
        if name in _HOST_COPY_NAMES:  # CuPy's .get(), torch's .cpu()/.numpy(), ...
            raise AttributeError("'%s' object has no attribute '%s': copy_to_host() copies a "
                                 "device array into a NumPy array" % (type(self).__name__, name))
        raise AttributeError("'%s' object has no attribute '%s'" % (type(self).__name__, name))

    def __init__(self, shape, dtype, strides=None, buffer=None, stream=0, gpu_data=None):
        if strides is not None and isinstance(dtype, (tuple, list, int, np.integer)) and \
                not isinstance(strides, (tuple, list, int, np.integer)):
            dtype, strides = strides, dtype  # numba's DeviceNDArray(shape, strides, dtype)
        if isinstance(buffer, int) or hasattr(buffer, "handle") and not hasattr(buffer, "ptr"):
            # numba's DeviceNDArray(shape, strides, dtype, stream, gpu_data)
            if gpu_data is None and hasattr(stream, "device_pointer"):
                gpu_data, stream = stream, buffer
            else:
                stream = buffer
            buffer = None
        if isinstance(shape, (int, np.integer)):
            shape = (int(shape),)
        if isinstance(strides, (int, np.integer)):
            strides = (int(strides),)
        self._shape = shape = tuple([int(s) for s in shape])
        if any(s < 0 for s in shape):
            raise ValueError("negative dimensions are not allowed: %s" % (shape,))
        if len(shape) > 32:  # (what the launch path reads: python/src/ArrayAbi.cpp)
            raise ValueError("device arrays have at most 32 dimensions, not %d" % len(shape))
        self._dtype = dtype = _device_dtype(dtype if type(dtype) is np.dtype else np.dtype(dtype))
        self._strides = strides = tuple([int(s) for s in strides]) if strides is not None else \
            _c_strides(shape, dtype.itemsize)
        if len(strides) != len(shape):
            raise ValueError("strides %s do not match shape %s: one stride per dimension"
                             % (strides, shape))
        if any(e > _MAX_BYTES for e in shape):
            raise ValueError("array is too big: an extent of %s passes 2**63 - 1" % (shape,))
        self._size = math.prod(shape)  # (Python ints: no wrap-around)
        self._nbytes = self._size * dtype.itemsize
        if self._nbytes > _MAX_BYTES:
            raise ValueError("array is too big; `arr.size * arr.dtype.itemsize` is larger than "
                             "the maximum possible size.")  # (NumPy's and numba.cuda's words)
        if gpu_data is not None:
            # numba's DeviceNDArray(..., gpu_data=memory): an array over a
            # MemoryPointer (an EMM plugin's, or ctx.memalloc's), kept alive.
            buffer = _PluginBuffer(gpu_data, int(getattr(gpu_data, "size", 0)))
            span = 0 if self.size == 0 else self.dtype.itemsize + sum(
                (e - 1) * abs(s) for e, s in zip(self.shape, self.strides))
            if any(s < 0 for s in self.strides) or span > buffer.nbytes:
                raise ValueError("gpu_data holds %d bytes: too few for an array of shape %s "
                                 "and strides %s (%d bytes)"
                                 % (buffer.nbytes, self.shape, self.strides, span))
        if buffer is None:
            # The bytes the strides reach (numba's memory_size_from_info): more
            # than nbytes for a strided layout.
            span = 0 if self.size == 0 else self.dtype.itemsize + sum(
                (e - 1) * abs(s) for e, s in zip(self.shape, self.strides))
            if any(s < 0 for s in self.strides):
                raise ValueError("a new device array's strides must not be negative, got %s"
                                 % (self.strides,))
            if span > _MAX_BYTES:
                raise ValueError("array is too big: its strides span %d bytes" % span)
            buffer = _new_buffer(max(span, self.nbytes))
        self._buffer = buffer
        self.stream = stream  # copies given no stream go here (bind())
        self._describe()

    @classmethod
    def _new_c(cls, shape, dtype, stream=0):
        """A new C-contiguous DeviceArray of `shape` (a tuple of non-negative
        ints: a numpy array's, or shape_tuple's) and `dtype` (a numpy
        dtype): DeviceArray(shape, dtype) without the checks such a shape
        needs no more (they are half the cost of a small to_device)."""
        size = math.prod(shape)
        if len(shape) > 32 or size * dtype.itemsize > _MAX_BYTES or \
                any(e > _MAX_BYTES for e in shape):
            return cls(shape, dtype, stream=stream)  # (which raises, saying why)
        self = cls.__new__(cls)
        self._dtype = dtype = _device_dtype(dtype)
        self._shape = shape
        self._strides = _c_strides(shape, dtype.itemsize)
        self._size = size
        self._nbytes = size * dtype.itemsize
        self._buffer = _new_buffer(self._nbytes)
        self.stream = stream
        self._describe()
        return self

    def _describe(self, aligned=False):
        # Shape, dtype and pointer change only by `d.shape = ...`: the kernel
        # argument type and parameters are built here (the launch path reads
        # them), the interface dict when first asked for (_interface).
        # `aligned`: a view of an array whose items are at multiples of
        # their size, with its strides (nothing to check again).
        shape, strides, dtype, ptr = self._shape, self._strides, self._dtype, self._buffer.ptr
        self._cai = None
        # The kernel argument type, and the kernel parameters of this array
        # (docs/abi.md) followed by that type, interned: the launch fast path
        # reads both from this one tuple (python/src/Dispatch.cpp).
        self._pyjit_type = _kernel_type(dtype, shape, strides)
        if self._pyjit_type is not None and not aligned and dtype.fields is None and \
                self._size and (ptr % dtype.itemsize or
                                any(s % dtype.itemsize for s, e in zip(strides, shape) if e > 1)):
            # Items not at multiples of their size (a foreign pointer, a
            # byte view): no ready-made parameters; the launch's packer
            # reads the interface and refuses it by name.
            self._pyjit_type = None
        if self._pyjit_type is not None:  # (else storage only: a kernel refuses it)
            self._pyjit_abi = (struct.pack("<%dq" % (1 + 2 * len(shape)), ptr, *shape, *strides),
                               self._pyjit_type)

    def _interface(self):
        """The CAI v3 dict with the legacy default stream's "stream" (None on
        the CPU backend), built once."""
        cai = self._cai
        if cai is None:
            shape, strides, dtype = self._shape, self._strides, self._dtype
            contiguous = strides == _c_strides(shape, dtype.itemsize)
            cai = self._cai = {
                "shape": shape, "strides": None if contiguous else strides,
                "typestr": dtype.str, "descr": _descr(dtype),
                # (0 for no elements, as the CAI asks)
                "data": (self._buffer.ptr if self._size else 0, False),
                # Kernels and copies go to the legacy default stream (1 in
                # CAI v3): consumers on other streams order after it.
                "version": 3, "stream": None if self._buffer_is_host() else 1}
        return cai

    @property
    def ndim(self):
        return len(self.shape)

    # shape, strides, dtype, size and nbytes are numpy's attributes; setting
    # the shape is numpy's in-place reshape, the others are read-only.
    @property
    def shape(self):
        return self._shape

    @shape.setter
    def shape(self, value):
        """numpy's in-place reshape (`d.shape = (3, 4)`): ValueError for a shape
        of another size, AttributeError where the elements' order would need a
        copy (numpy's words)."""
        if not isinstance(value, (tuple, list)):
            value = (value,)
        try:
            view = self.reshape(*value) if type(self) is DeviceArray else None
        except NotImplementedError:
            view = None
        if view is None:
            raise AttributeError("Incompatible shape for in-place modification. Use "
                                 "`.reshape()` to make a copy with the desired shape.")
        self._shape, self._strides = view.shape, view.strides
        self._describe()

    strides = _read_only("strides", "a device array's strides cannot be set: take a view of "
                                    "it (d[::2], d.T, d.reshape(...))")
    dtype = _read_only("dtype", "a device array's dtype cannot be set: take a view of it "
                                "(d.view(dtype))")
    size = _read_only("size", "attribute 'size' of device arrays is not writable")
    nbytes = _read_only("nbytes", "attribute 'nbytes' of device arrays is not writable")

    def _copy_pointer(self):
        """The first element's address, for a copy. Raises ValueError on the
        CPU backend (no GPU) for memory it did not allocate (a foreign
        __cuda_array_interface__): reading it there would crash."""
        if host_memory() and not self._buffer_is_host():
            raise ValueError("this device array views memory that pyjit's CPU backend did not "
                             "allocate (address 0x%x, from a __cuda_array_interface__ or a "
                             "memory manager, not readable here); with no GPU it cannot be read "
                             "or written" % self._buffer.ptr)
        return self._buffer.ptr

    def _buffer_is_host(self):
        buf = self._buffer
        while isinstance(buf, _View):
            buf = buf.base
        return buf.host is not None

    @property
    def device_ctypes_pointer(self):
        """The device address of the first element as a ``ctypes.c_void_p``
        (numba's type: ``.value`` is the int, ``None`` for address 0: an
        array of no elements has none, as its interface's data is 0)."""
        return ctypes.c_void_p(self._buffer.ptr if self.size else 0)

    @property
    def _strided_memory_view_shim(self):
        """What numba-cuda (0.30) reads of device memory (`__cuda_memory__`)
        it is given as a kernel argument, its _StridedMemoryViewShim: the
        address, shape, dtype, size and layout (strides in bytes,
        contiguity), so a numba kernel takes pyjit's arrays."""
        return _StridedView(self)

    @property
    def _device_pointer(self):
        """The device address of the first element, an int."""
        return self._buffer.ptr

    @property
    def gpu_data(self):
        """numba's memory object of the array: the MemoryPointer an EMM
        plugin returned for it, else its memory's owner (one object per
        allocation or view), with `.device_ctypes_pointer`."""
        root = self._buffer
        while isinstance(root, _View):
            root = root.base
        if isinstance(root, _PluginBuffer):
            offset = self._buffer.ptr - root.ptr  # a view's: the plugin pointer's view
            if offset and hasattr(root.memory, "view"):
                return root.memory.view(offset)
            return root.memory
        return _GpuData(self._buffer)

    def as_cuda_arg(self):
        """numba's: the memory object passed as the argument (gpu_data)."""
        return self.gpu_data

    @property
    def __cuda_array_interface__(self):
        """CAI v3. Its "stream" is the stream a consumer must order after: the
        bound one (bind(), as numba reports it), else the legacy default
        stream (1), where kernels and copies without a stream go; None on
        the CPU backend."""
        stream = self.stream
        cai = self._interface()
        if cai["stream"] is None or (isinstance(stream, int) and not stream):
            return cai
        handle = _stream_arg(stream)
        return cai if not handle else dict(cai, stream=handle)

    def __len__(self):
        if not self.shape:
            raise TypeError("len() of a 0-d device array")  # numpy: len() of unsized object
        return self.shape[0]

    def __iter__(self):
        if not self.shape:
            raise TypeError("iteration over a 0-d device array")
        return (self[i] for i in range(self.shape[0]))

    @property
    def T(self):
        return self.transpose()

    def transpose(self, axes=None):
        """The dimensions permuted (reversed without `axes`). Of a 2-d array,
        as numba.cuda's DeviceNDArray: a new C-contiguous array holding the
        transpose (copied on the device; writes to it do not reach this
        array). Otherwise a view, as numpy's transpose (numba refuses those).
        ValueError for axes that are not a permutation."""
        n = self.ndim
        if axes is None:
            order = tuple(range(n - 1, -1, -1))
        else:
            try:
                order = tuple(operator.index(a) + (n if operator.index(a) < 0 else 0)
                              for a in axes)
            except TypeError:
                raise TypeError("transpose: axes must be a sequence of ints, not %r"
                                % (axes,)) from None
            if sorted(order) != list(range(n)):
                raise ValueError("transpose: axes %r are not a permutation of the %d "
                                 "dimensions" % (tuple(axes), n))
        if order == tuple(range(n)):
            return self
        view = self._derived([self.shape[a] for a in order], self.dtype,
                             [self.strides[a] for a in order], 0)
        if n != 2:
            return view
        out = DeviceArray(view.shape, self.dtype)
        out.stream = self.stream
        out._assign_from(view, self.stream)
        return out

    def squeeze(self, axis=None, stream=0):
        """A view without extent-1 dimensions (all, or those of `axis`, an int
        or tuple), as numpy's squeeze, bound to `stream` if one is given.
        ValueError for an axis whose extent is not 1."""
        n = self.ndim
        if axis is None:
            drop = {d for d in range(n) if self.shape[d] == 1}
        else:
            axes = (axis,) if isinstance(axis, (int, np.integer)) else tuple(axis)
            drop = set()
            for a in axes:
                try:
                    a = operator.index(a)
                except TypeError:
                    raise TypeError("squeeze: axis must be an int or a tuple of ints, not %r"
                                    % (axis,)) from None
                d = a + (n if a < 0 else 0)
                if not 0 <= d < n:
                    raise ValueError("squeeze: axis %d is out of bounds for a %d-d array"
                                     % (a, n))
                if self.shape[d] != 1:
                    raise ValueError("squeeze: cannot select an axis to squeeze out which "
                                     "has size not equal to one (axis %d has %d)"
                                     % (a, self.shape[d]))
                drop.add(d)
        keep = [d for d in range(n) if d not in drop]
        return self._rebound(self._derived([self.shape[d] for d in keep], self.dtype,
                                           [self.strides[d] for d in keep], 0), stream)

    def bind(self, stream=0):
        """The same array whose copies, given no stream, are queued on
        `stream` (numba.cuda's bind)."""
        out = self._derived(self.shape, self.dtype, self.strides, 0)
        out.stream = stream
        return out

    @property
    def alloc_size(self):
        """Bytes of device memory this array's elements span (numba's: a
        view's own extent, not its parent allocation's)."""
        if not self.size:
            return 0
        low, high = _extent_bytes(self.shape, self.strides)
        return high - low + self.dtype.itemsize

    def _derived(self, shape, dtype, strides, offset):
        """A view of this memory from `offset` bytes, on this array's stream."""
        if dtype is self._dtype and type(shape) is tuple and type(strides) is tuple and \
                len(shape) <= 32:
            # Of this array's dtype, the shape and strides from _index or
            # reshape (tuples of ints, within this array's bytes): nothing to
            # check again, as __init__ would.
            out = DeviceArray.__new__(DeviceArray)
            out._shape, out._strides, out._dtype = shape, strides, dtype
            out._size = math.prod(shape)
            out._nbytes = out._size * dtype.itemsize
            out._buffer = _View(self._buffer, offset)
            # (items at multiples of their size here are too in the view:
            # its offset and strides are sums and multiples of these strides)
            out._describe(aligned=self._pyjit_type is not None and self._dtype.fields is None)
        else:
            out = DeviceArray(shape, dtype, strides, _View(self._buffer, offset))
        out.stream = self.stream
        return out

    def _bound(self, stream):
        """The stream a copy goes to: `stream`, else the bound one."""
        return stream if stream is not None and not (isinstance(stream, int) and
                                                      not isinstance(stream, bool) and
                                                      stream == 0) else self.stream

    def __repr__(self):
        return "<pyjit DeviceArray shape=%s dtype=%s>" % (self.shape, self.dtype)

    #: numba's markers of device memory and of its device arrays.
    __cuda_memory__ = True
    __cuda_ndarray__ = True

    def __copy__(self):
        """Another array object over the same device memory (numba's bind()
        copies this way)."""
        return self._derived(self.shape, self.dtype, self.strides, 0)

    def __deepcopy__(self, memo):
        """A new device allocation holding a copy of the elements."""
        out = DeviceArray(self.shape, self.dtype)
        out.stream = self.stream
        out._assign_from(self, self.stream)
        return out

    def is_c_contiguous(self):
        """C order, as numpy decides it (extent-1 dimensions' strides ignored)."""
        return _c_contiguous(self.shape, self.strides, self.dtype.itemsize)

    def copy_to_device(self, ary, stream=0):
        """Copies a host array (same shape and dtype) into this array, or a
        device array (pyjit's, or any object with __cuda_array_interface__:
        a copy on the device). With a stream the copy is queued on it
        (asynchronous from page-locked memory, see pinned_array)."""
        stream = self._bound(stream)
        if not isinstance(ary, (DeviceArray, np.ndarray)) and \
                hasattr(ary, "__cuda_array_interface__"):
            from .cuda import as_cuda_array  # CuPy, torch, ...: a device-to-device copy
            ary = as_cuda_array(ary)
        if getattr(ary, "size", None) == 0:  # numba: nothing to copy, nothing checked
            return
        if isinstance(ary, DeviceArray):
            if ary.dtype != self.dtype:
                raise TypeError("copy_to_device: the source's dtype %s is not the device "
                                "array's %s" % (ary.dtype, self.dtype))
            if ary.shape != self.shape:
                if _squeezed(ary.shape) != _squeezed(self.shape):
                    raise ValueError("copy_to_device: shape %s does not match the device "
                                     "array's %s" % (ary.shape, self.shape))
                # numba compares squeezed shapes
                self.squeeze()._assign_from(ary.squeeze(), stream)
                return
            if not (self.is_c_contiguous() and ary.is_c_contiguous()) or _overlap(self, ary):
                self._assign_from(ary, stream)
                return
            if self.nbytes:
                if host_memory():
                    ctypes.memmove(self._copy_pointer(), ary._copy_pointer(), self.nbytes)
                else:
                    ext().memcpy_dtod(self._buffer.ptr, ary._buffer.ptr, self.nbytes)
            return
        if isinstance(ary, np.ndarray) and not ary.dtype.isnative and \
                ary.dtype.newbyteorder("=") == self.dtype:
            ary = ary.astype(self.dtype)  # big-endian data, as to_device takes it
        if isinstance(ary, np.ndarray) and ary.dtype != self.dtype:
            raise TypeError("copy_to_device: the host array's dtype %s is not the device "
                            "array's %s" % (ary.dtype, self.dtype))
        fortran = self.is_f_contiguous() and not self.is_c_contiguous()
        ary = np.asarray(ary, dtype=self.dtype)
        if ary.shape != self.shape and _squeezed(ary.shape) == _squeezed(self.shape):
            ary = ary.reshape(self.shape)  # numba compares squeezed shapes
        if ary.shape != self.shape:
            raise ValueError("shape %s does not match the device array's %s"
                             % (ary.shape, self.shape))
        if not (self.is_c_contiguous() or fortran):
            # A strided view: the values go to a contiguous device array and
            # a kernel puts them in place (the bytes between the view's
            # elements are not touched).
            self._assign_from(to_device(np.require(ary, requirements="C"), stream=stream), stream)
            return
        if self.nbytes:
            # Fortran order: the same bytes as the C-ordered transpose.
            data = np.require(ary.T if fortran else ary, requirements="C")
            _htod(self._copy_pointer(), data, _stream_arg(stream))

    @property
    def flags(self):
        """numpy's contiguity flags (numba's DeviceNDArray.flags): attributes
        c_contiguous / f_contiguous / contiguous / writeable, or items
        'C_CONTIGUOUS', 'F_CONTIGUOUS', ...; read only."""
        return _Flags(self.is_c_contiguous(), self.is_f_contiguous())

    def is_f_contiguous(self):
        """Fortran order, as numpy decides it."""
        return _c_contiguous(self.shape[::-1], self.strides[::-1], self.dtype.itemsize)

    def _index(self, index):
        """(byte offset, shape, strides) of basic indexing as numpy does it:
        ints, slices, one Ellipsis and None (a new axis of extent 1)."""
        if type(index) is slice and self._shape:  # a[lo:hi:step], the common view: at once
            return self._slice_first(index)
        if not isinstance(index, tuple):
            index = (index,)
        ints = []
        for idx in index:
            if isinstance(idx, (bool, np.bool_)):
                raise TypeError("device arrays take ints and slices as indices, not a "
                                "boolean (%r)" % (idx,))
            if not (idx is None or idx is Ellipsis or isinstance(idx, (slice, int))):
                try:  # a NumPy integer, a 0-d integer array: what __index__ makes an int
                    idx = operator.index(idx)
                except TypeError:
                    if isinstance(idx, list) or np.ndim(idx) > 0:  # numpy's advanced indexing
                        raise TypeError("device arrays take ints, slices, Ellipsis and None as "
                                        "indices, not arrays (%r)" % (idx,)) from None
                    raise IndexError("device arrays take ints, slices, Ellipsis and None as "
                                     "indices, not %r" % (idx,)) from None  # (numpy's error)
            ints.append(idx)
        index = tuple(ints)
        if sum(idx is Ellipsis for idx in index) > 1:
            raise IndexError("an index can only have a single ellipsis ('...')")
        used = sum(idx is not None and idx is not Ellipsis for idx in index)
        if used > self.ndim:
            raise IndexError("too many indices for a %d-d device array" % self.ndim)
        fill = (slice(None),) * (self.ndim - used)  # what Ellipsis (else the end) stands for
        k = next((k for k, idx in enumerate(index) if idx is Ellipsis), len(index))
        index = index[:k] + fill + index[k + 1:]
        offset, shape, strides, d = 0, [], [], 0
        for idx in index:
            if idx is None:
                shape.append(1)
                strides.append(0)
                continue
            extent, stride = self.shape[d], self.strides[d]
            d += 1
            if isinstance(idx, slice):
                start, n, view_stride = _sliced(idx, extent, stride)
                shape.append(n)
                strides.append(view_stride)
                offset += start * stride
            else:
                i = int(idx) + (extent if idx < 0 else 0)
                if not 0 <= i < extent:
                    raise IndexError("index %d out of range for extent %d" % (idx, extent))
                offset += i * stride
        return offset, tuple(shape), tuple(strides)

    def _slice_first(self, index):
        """_index of one slice: the first dimension's."""
        start, n, stride = _sliced(index, self._shape[0], self._strides[0])
        return start * self._strides[0], (n,) + self._shape[1:], (stride,) + self._strides[1:]

    def __getitem__(self, index):
        """A view (basic indexing and slicing, as numpy) sharing this memory;
        with an int for every dimension, the element itself, copied to the
        host (a NumPy scalar), as numba.cuda does."""
        return self.getitem(index)

    def getitem(self, item, stream=0):
        """self[item], the element's copy queued on `stream` (numba.cuda's
        getitem, its parameter names too); the copy is waited for. An index
        holding an Ellipsis always makes a view (a 0-d one where it indexes
        every dimension), as numpy's."""
        index = item
        offset, shape, strides = self._index(index)
        if not shape and _has_ellipsis(index):
            return self._rebound(self._derived(shape, self.dtype, strides, offset), stream)
        if not shape and self.dtype.fields is not None:
            # One record: a view of its device memory (numba's DeviceRecord),
            # so writes to its fields, and a kernel's, stay on the device.
            out = DeviceRecord(self.dtype, _View(self._buffer, offset))
            out.stream = self._bound(stream)
            return out
        if not shape:
            value = np.empty(1, dtype=self.dtype)
            stream = _stream_arg(self._bound(stream))
            _dtoh(value, self._copy_pointer() + offset, stream)
            if stream is not None and not host_memory():
                ext().stream_synchronize(stream)
            return value[0]
        # A view, on `stream` where one is given (numba's getitem), else on
        # this array's.
        return self._rebound(self._derived(shape, self.dtype, strides, offset), stream)

    def __setitem__(self, index, value):
        self.setitem(index, value)

    def setitem(self, key, value, stream=0):
        """self[key] = value, queued on `stream` as numba.cuda's setitem (its
        parameter names too).

        value: a scalar or host array, broadcast to the indexed view's shape
        and converted to this array's dtype by numpy's assignment rules
        (OverflowError, ValueError for NaN into integers, ...); or a device
        array (DeviceArray, CuPy, torch) of the view's shape, which may
        overlap this one (it is then copied first, as numpy does). Complex
        device values into a real view raise TypeError."""
        index = key
        stream = self._bound(stream)
        offset, shape, strides = self._index(index)
        if not shape:  # one element
            host = np.empty((), dtype=self.dtype)
            # (numpy: a sequence into an element, indexed by ints or `()`,
            # is a ValueError; into a 0-d view (an index with `...`) it is
            # broadcast)
            host[... if _has_ellipsis(index) else ()] = _host_value(value)
            _htod(self._copy_pointer() + offset, host.reshape(1), _stream_arg(stream))
            return
        view = DeviceArray(shape, self.dtype, strides, _View(self._buffer, offset))
        if not isinstance(value, DeviceArray) and hasattr(value, "__cuda_array_interface__"):
            from .cuda import as_cuda_array
            value = as_cuda_array(value)
        if isinstance(value, DeviceArray):
            if value.shape != shape:
                value = _broadcast_view(value, shape)
            view._assign_from(value, stream)
            return
        if host_memory():  # the CPU backend: numpy assigns in place
            _host_view(view)[...] = value
            return
        # The value converted as numpy would, at its own size; broadcast by
        # zero strides on the device (a scalar fills the view from one element).
        small = np.asarray(value)
        while small.ndim > view.ndim and small.shape[0] == 1:
            small = small[0]  # numpy drops leading extent-1 dimensions
        if np.broadcast_shapes(small.shape, shape) != shape:
            raise ValueError("could not broadcast a value of shape %s into a view of shape %s"
                             % (np.shape(value), shape))
        converted = np.empty(small.shape, dtype=self.dtype)
        converted[...] = value if np.ndim(value) == small.ndim else small
        if converted.shape == shape and view.is_c_contiguous():
            view.copy_to_device(converted, stream=stream)
            return
        src = to_device(np.ascontiguousarray(converted.reshape(converted.shape or (1,))),
                        stream=stream)
        lead = len(shape) - src.ndim
        bstrides = tuple(0 if k < lead or src.shape[k - lead] == 1 else src.strides[k - lead]
                         for k in range(len(shape)))
        view._assign_from(DeviceArray(shape, self.dtype, bstrides, _View(src._buffer, 0)),
                          stream)

    def _assign_from(self, src, stream=0):
        """self[...] = src for DeviceArrays of one shape and any strides."""
        if src.shape != self.shape:
            raise ValueError("cannot assign a device array of shape %s to a view of shape %s"
                             % (src.shape, self.shape))
        if src.dtype.kind == "c" and self.dtype.kind != "c":
            raise TypeError("cannot assign complex values (%s) to a %s device array: pass the "
                            "real part" % (src.dtype, self.dtype))
        if host_memory():  # the CPU backend: numpy does it in place
            _host_view(self)[...] = _host_view(src)
            return
        if self.size == 0:
            return
        if _overlap(self, src):  # numpy's semantics: as if src were copied first
            tmp = DeviceArray(src.shape, src.dtype)
            tmp._assign_from(src, stream)
            src = tmp
        if (src.dtype == self.dtype and self.is_c_contiguous() and src.is_c_contiguous()):
            self.copy_to_device(src, stream=stream)
            return
        from . import _assign
        _assign.assign(self, src, stream)

    def __array__(self, dtype=None, copy=None):
        """A host copy (numpy.asarray(d)), as numba.cuda's device arrays give;
        ValueError for copy=False (device memory cannot be a host array)."""
        if copy is False:
            raise ValueError("a device array cannot become a host array without a copy "
                             "(copy=False); use copy_to_host()")
        host = self.copy_to_host()
        return host if dtype is None else host.astype(dtype, copy=False)

    def split(self, section, stream=0):
        """An iterator of views of consecutive `section` elements of a 1-d
        array (the last one shorter when the size is not a multiple), on
        `stream` if one is given, else this array's, as numba.cuda's split."""
        if self.ndim != 1:
            raise ValueError("split: only 1-d device arrays can be split")
        if not isinstance(section, (int, np.integer)) or section < 1:
            raise ValueError("split: the section must be a positive integer, not %r"
                             % (section,))
        stream = self._bound(stream)
        pieces = [self[start:start + int(section)] for start in range(0, self.size, int(section))]
        for piece in pieces:
            piece.stream = stream
        return iter(pieces)  # (numba's is a generator)

    def reshape(self, *newshape, order="C"):
        """A view with another shape (ints, one of them negative for "the
        rest"), reading the elements in C or Fortran ('F') order, 'A' being
        'F' for a Fortran- but not C-contiguous array, as numpy's reshape.
        TypeError for extents that are not ints, ValueError for a shape of
        another size; NotImplementedError where numpy would copy (numba.cuda
        refuses every array that is not contiguous in that order)."""
        if len(newshape) == 1 and isinstance(newshape[0], (tuple, list)):
            newshape = tuple(newshape[0])
        order = self._element_order(order)
        if order not in ("C", "F"):
            raise ValueError("reshape: order must be 'C', 'F' or 'A', got %r" % (order,))
        try:
            if any(isinstance(s, (bool, np.bool_)) for s in newshape):  # (numpy's TypeError)
                raise TypeError
            shape = [operator.index(s) for s in newshape]
        except TypeError:
            raise TypeError("reshape: the new shape must be ints, got %r"
                            % (tuple(newshape),)) from None
        unknown = [k for k, s in enumerate(shape) if s < 0]
        if len(unknown) > 1:
            raise ValueError("can only specify one unknown dimension")
        known = math.prod(s for s in shape if s >= 0)
        if unknown:
            if known == 0 or self.size % known:
                raise ValueError("cannot reshape a device array of size %d into shape %s"
                                 % (self.size, tuple(shape)))
            shape[unknown[0]] = self.size // known
        if math.prod(shape) != self.size:
            raise ValueError("cannot reshape a device array of size %d into shape %s"
                             % (self.size, tuple(shape)))
        shape = tuple(shape)
        if shape == self.shape:
            return self._derived(shape, self.dtype, self.strides, 0)
        if self.size == 0 or (self.is_c_contiguous() if order == "C" else self.is_f_contiguous()):
            strides = (_c_strides if order == "C" else _f_strides)(shape, self.dtype.itemsize)
        else:
            strides = _nocopy_strides(self.shape, self.strides, shape, order == "F",
                                      self.dtype.itemsize)
            if strides is None:
                raise NotImplementedError("reshape of this %s-d device array of strides %s "
                                          "into %s in %s order would copy it (numpy copies it)"
                                          % (self.ndim, self.strides, shape, order))
        return self._derived(shape, self.dtype, strides, 0)

    def _element_order(self, order):
        """numpy's order 'A' as 'F' for a Fortran- but not C-contiguous
        array, else 'C'; any other order as it is."""
        if order == "A":
            return "F" if self.is_f_contiguous() and not self.is_c_contiguous() else "C"
        return order

    def ravel(self, order="C", stream=0):
        """A 1-d view of a C- (order 'C') or Fortran-contiguous (order 'F')
        array, bound to `stream` if one is given (numba's), else to this
        array's. NotImplementedError for any other array: numpy's ravel
        copies it (numba.cuda refuses it too)."""
        order = self._element_order(order)
        if order in ("C", "F") and not (
                self.is_c_contiguous() if order == "C" else self.is_f_contiguous()):
            raise NotImplementedError("ravel in %s order of a device array that is not "
                                      "%s-contiguous would copy it" % (order, order))
        return self._rebound(self.reshape(self.size, order=order), stream)

    def _rebound(self, view, stream):
        """`view` bound to `stream` where one is given (not 0), as numba's
        ravel and squeeze take one."""
        view.stream = self._bound(stream)
        return view

    def view(self, dtype):
        """The same memory as another dtype (numba's DeviceNDArray.view, as
        numpy's ndarray.view): the last dimension is scaled by the ratio of
        the item sizes. ValueError when that dimension is not contiguous or
        its bytes do not divide into the new item size."""
        dtype = np.dtype(dtype)
        if dtype.itemsize == self.dtype.itemsize:  # (any strides, as numpy's)
            return self._derived(self.shape, dtype, self.strides, 0)
        if not self.shape or (self.shape[-1] > 1 and self.strides[-1] != self.dtype.itemsize):
            raise ValueError("view: changing the dtype needs the last dimension contiguous")
        nbytes = self.shape[-1] * self.dtype.itemsize
        if nbytes % dtype.itemsize:
            raise ValueError("view: the last dimension's %d bytes do not divide into items of "
                             "%d bytes" % (nbytes, dtype.itemsize))
        shape = self.shape[:-1] + (nbytes // dtype.itemsize,)
        strides = self.strides[:-1] + (dtype.itemsize,)
        return self._derived(shape, dtype, strides, 0)

    def get_ipc_handle(self):
        """An IpcArrayHandle (picklable) another process on this machine
        opens as a DeviceArray over this memory (numba.cuda's; CUDA IPC,
        Linux). Keep this array alive while others use it. RuntimeError
        on the CPU backend."""
        from ._ipc import get_ipc_handle
        return get_ipc_handle(self)

    def __dlpack_device__(self):
        """(device type, device id): kDLCUDA (2) and the device ordinal, or
        kDLCPU (1) for the CPU backend's host memory."""
        if self._buffer_is_host():
            return (1, 0)
        return (2, current_ordinal())

    def __dlpack__(self, stream=None, max_version=None, dl_device=None, copy=None):
        """A DLPack capsule viewing this array (zero-copy; the array stays alive
        while the consumer holds it). Work queued on the default stream is
        visible to a consumer on any other blocking stream; for other streams
        the device is synchronized first."""
        if copy:
            raise BufferError("pyjit exports DLPack views only (copy=True unsupported)")
        device = self.__dlpack_device__()
        if dl_device is not None and tuple(dl_device) != device:
            raise BufferError("cannot export to DLPack device %r (the array is on %r)"
                              % (tuple(dl_device), device))
        if stream not in (None, -1, 0, 1, 2) and device[0] == 2:
            ext().synchronize()
        kind = "E" if self.dtype.kind == "V" and self.dtype.name == "bfloat16" else \
            self.dtype.kind  # ml_dtypes' bfloat16: DLPack's kDLBfloat
        return ext().dlpack_export(self._buffer.ptr, self.shape, self.strides, kind,
                                   self.dtype.itemsize, device[0], device[1], self)

    def copy_to_host(self, ary=None, stream=0):
        """Copies to a new numpy array, or into `ary` (same shape and dtype); returns it.
        With a stream the copy is queued on it: into page-locked memory
        (pinned_array) it is asynchronous, so synchronize the stream before
        reading `ary`."""
        stream = _stream_arg(self._bound(stream))
        if ary is not None:
            if not isinstance(ary, np.ndarray):
                raise TypeError("copy_to_host: expected a numpy array, got %s"
                                % type(ary).__name__)
            # Into the other byte order (an array cuda.to_device converted to
            # this one; numba keeps the order on the device): numpy swaps.
            swapped = ary.dtype != self.dtype and ary.dtype.newbyteorder("=") == self.dtype
            if ary.dtype != self.dtype and not swapped:  # numba's check_array_compatibility
                raise TypeError("copy_to_host: incompatible dtype: %s vs. %s"
                                % (self.dtype, ary.dtype))
            if not ary.flags.writeable:
                raise ValueError("copy_to_host: the host array is read-only")
            if ary.shape != self.shape and _squeezed(ary.shape) != _squeezed(self.shape):
                raise ValueError("copy_to_host: incompatible shape: %s vs. %s"
                                 % (self.shape, ary.shape))
            if swapped or ary.shape != self.shape:
                # The same elements in another shape (numba compares squeezed
                # shapes) or byte order: copied, then placed.
                ary[...] = self.copy_to_host(stream=stream).reshape(ary.shape)
                return ary
        c_order = _c_contiguous(self._shape, self._strides, self._dtype.itemsize)
        if not c_order and self.is_f_contiguous():
            if ary is None:
                ary = np.empty(self.shape, dtype=self.dtype, order="F")
            if self.nbytes:
                tmp = ary if ary.flags.f_contiguous else np.empty(self.shape, self.dtype, order="F")
                _dtoh(tmp.T, self._copy_pointer(), None if tmp is not ary else stream)
                if tmp is not ary:
                    ary[...] = tmp
            return ary
        if not c_order:
            # A strided view: the bytes it spans come over in one copy, and
            # numpy picks the view's elements out of them.
            out = ary if ary is not None else np.empty(self.shape, dtype=self.dtype)
            if self.size:
                low, high = _extent_bytes(self.shape, self.strides)
                span = np.empty(high - low + self.dtype.itemsize, dtype=np.uint8)
                _dtoh(span, self._copy_pointer() + low)
                out[...] = np.ndarray(self.shape, self.dtype, buffer=span, offset=-low,
                                      strides=self.strides)
            return out
        if ary is None:
            ary = np.empty(self.shape, dtype=self.dtype)
        if self.nbytes:
            if ary.flags.c_contiguous:
                _dtoh(ary, self._copy_pointer(), stream)
            else:
                tmp = np.empty(self.shape, dtype=self.dtype)
                _dtoh(tmp, self._copy_pointer())
                ary[...] = tmp
        return ary


def _has_ellipsis(index):
    return any(i is Ellipsis for i in (index if isinstance(index, tuple) else (index,)))


def _extent_bytes(shape, strides):
    """(low, high): the byte offsets, from the first element, of the lowest
    and the highest element of a non-empty strided array."""
    low = sum(min(0, (e - 1) * s) for e, s in zip(shape, strides))
    high = sum(max(0, (e - 1) * s) for e, s in zip(shape, strides))
    return low, high


def _span(dev):
    """[low, high) addresses of the bytes a DeviceArray's elements occupy."""
    low, high = _extent_bytes(dev.shape, dev.strides)
    base = dev._device_pointer
    return base + low, base + high + dev.dtype.itemsize


def _overlap(a, b):
    """Whether two non-empty DeviceArrays may share bytes (their spans meet)."""
    if a.size == 0 or b.size == 0:
        return False
    (alo, ahi), (blo, bhi) = _span(a), _span(b)
    return alo < bhi and blo < ahi


def _host_value(value):
    """A value for one element: device arrays of one element come to the host."""
    if isinstance(value, DeviceArray) or hasattr(value, "__cuda_array_interface__"):
        from .cuda import as_cuda_array
        return as_cuda_array(value).copy_to_host()
    return value


def _host_view(dev):
    """A numpy array viewing a DeviceArray in the CPU backend's host memory."""
    if dev.size == 0:
        return np.empty(dev.shape, dev.dtype)
    low, high = _extent_bytes(dev.shape, dev.strides)
    span = (ctypes.c_char * (high - low + dev.dtype.itemsize)).from_address(
        dev._copy_pointer() + low)
    return np.ndarray(dev.shape, dev.dtype, buffer=span, offset=-low, strides=dev.strides)


def _squeezed(shape):
    """`shape` without its extent-1 dimensions (numba's squeeze for checks)."""
    return tuple(e for e in shape if e != 1)


def _broadcast_view(value, shape):
    """Device array `value` broadcast to `shape` as numpy broadcasts (leading
    extent-1 dimensions dropped, missing leading ones and extents of 1
    repeated by stride 0): a view. ValueError if it does not broadcast."""
    vshape, vstrides = value.shape, value.strides
    while len(vshape) > len(shape) and vshape[0] == 1:
        vshape, vstrides = vshape[1:], vstrides[1:]
    try:
        fits = len(vshape) <= len(shape) and np.broadcast_shapes(vshape, shape) == shape
    except ValueError:
        fits = False
    if not fits:
        raise ValueError("could not broadcast a device array of shape %s into a view of shape %s"
                         % (value.shape, shape))
    lead = len(shape) - len(vshape)
    strides = tuple(0 if k < lead or vshape[k - lead] == 1 else vstrides[k - lead]
                    for k in range(len(shape)))
    out = DeviceArray(shape, value.dtype, strides, _View(value._buffer, 0))
    out.stream = value.stream
    return out


class DeviceRecord(DeviceArray):
    """One record (a structured dtype's element) in device memory: numba.cuda's
    DeviceRecord, made by `d[i]` of a record device array or `cuda.to_device`
    of an np.void. `r['x']` copies a scalar field to the host (a nested
    record or an array field is a view); `r['x'] = v` writes the field on the
    device. Passed to a kernel it is the record itself (`r.x = 1.0` in the
    kernel changes device memory, no copies). KeyError for an unknown field."""

    def __init__(self, dtype, buffer=None):
        DeviceArray.__init__(self, (), dtype, (), buffer)
        from ._typeof import record_spelling
        name, _ = record_spelling(self.dtype)
        # A kernel takes a record as a 1-element array of it (docs/abi.md); a
        # dtype kernels cannot type (a string field) is storage only, and a
        # kernel given it raises TypeError saying why.
        self._pyjit_type = None if name is None else sys.intern(name)
        if name is not None:
            self._pyjit_abi = (struct.pack("<3q", self._buffer.ptr, 1, self.dtype.itemsize),
                               self._pyjit_type)

    def _field(self, name):
        if self.dtype.names is None or name not in self.dtype.names:
            raise KeyError("record of dtype %s has no field %r" % (self.dtype, name))
        return self.dtype.fields[name][:2]  # (dtype, byte offset)

    def __getitem__(self, name):
        ftype, offset = self._field(name)
        if ftype.fields is not None:
            return DeviceRecord(ftype, _View(self._buffer, offset))
        if ftype.shape:  # an array field: a view
            base = ftype.base
            return self._derived(ftype.shape, base, _c_strides(ftype.shape, base.itemsize),
                                 offset)
        value = np.empty(1, dtype=ftype)
        stream = _stream_arg(self.stream)
        _dtoh(value, self._copy_pointer() + offset, stream)
        if stream is not None and not host_memory():
            ext().stream_synchronize(stream)
        return value[0]

    def getitem(self, item, stream=0):
        """self[item] (numba's DeviceRecord.getitem)."""
        return self[item]

    def copy_to_host(self, ary=None, stream=0):
        """As DeviceArray.copy_to_host; `ary` may also be an np.void record of
        the same dtype (an element of a host record array), written in
        place, as numba.cuda's DeviceRecord takes it."""
        if not isinstance(ary, np.void):
            return DeviceArray.copy_to_host(self, ary, stream)
        if ary.dtype != self.dtype:
            raise TypeError("copy_to_host: incompatible dtype: %s vs. %s"
                            % (self.dtype, ary.dtype))
        value = DeviceArray.copy_to_host(self, stream=stream)[()]
        for name in self.dtype.names:
            ary[name] = value[name]
        return ary

    def __setitem__(self, name, value):
        self.setitem(name, value)

    def setitem(self, key, value, stream=0):
        """r[key] = value on the device (queued on `stream`, else the
        record's): numbers converted as numpy converts them."""
        ftype, offset = self._field(key)
        host = np.asarray(value, dtype=ftype.base)
        host = np.broadcast_to(host, ftype.shape) if ftype.shape else host.reshape(())
        s = _stream_arg(self._bound(stream))
        _htod(self._copy_pointer() + offset, np.ascontiguousarray(host), s)
        if s is not None and not host_memory():
            ext().stream_synchronize(s)

    def __repr__(self):
        return "<pyjit DeviceRecord dtype=%s>" % (self.dtype,)

    def __copy__(self):
        out = DeviceRecord(self.dtype, _View(self._buffer, 0))
        out.stream = self.stream
        return out

    def __deepcopy__(self, memo):
        """A new device record holding a copy of this one."""
        out = DeviceRecord(self.dtype)
        out.stream = self.stream
        if host_memory():
            ctypes.memmove(out._buffer.ptr, self._copy_pointer(), self.dtype.itemsize)
        else:
            ext().memcpy_dtod(out._buffer.ptr, self._buffer.ptr, self.dtype.itemsize)
        return out


def to_device(obj, stream=0, copy=True, to=None):
    """Copies a numpy array (or array-like) to a new DeviceArray, or into `to`.
    With a stream the copy is queued on it. An np.void record becomes a
    DeviceRecord (numba). As numba.cuda's auto_device, memory a kernel can
    already reach is not copied: a DeviceArray, a mapped or managed array
    are returned as they are, and any other __cuda_array_interface__ object
    (a CuPy array, a torch CUDA tensor) as a zero-copy DeviceArray view."""
    if isinstance(obj, DeviceArray):
        return obj
    if to is None and _device_reachable(obj):
        if isinstance(obj, (MappedArray, ManagedArray)):
            return obj  # (numba: is_device_memory(obj), the array itself)
        from .cuda import as_cuda_array
        return as_cuda_array(obj)
    if isinstance(obj, np.void) and obj.dtype.fields is not None and to is None:
        dev = DeviceRecord(obj.dtype)
        if copy:
            _htod(dev._copy_pointer(), np.array(obj, dtype=obj.dtype).reshape(1), _stream_arg(stream))
        dev.stream = stream
        return dev
    ary = np.asarray(obj)
    if to is not None:
        if copy:  # numba: copy=False gives `to` as it is
            to.copy_to_device(ary, stream=stream)
        return to
    if not ary.dtype.isnative:  # big-endian data (FITS files): the same numbers, native
        ary = ary.astype(ary.dtype.newbyteorder("="))
    s = _stream_arg(stream)
    if ary.flags.f_contiguous and not ary.flags.c_contiguous:
        # Keep Fortran order (numba does): same bytes, Fortran strides.
        dev = DeviceArray(ary.shape, ary.dtype, ary.strides)
        if copy and dev.nbytes:
            _htod(dev._copy_pointer(), ary.T, s)
        dev.stream = stream
        return dev
    ary = np.require(ary, requirements="C")
    dev = DeviceArray._new_c(ary.shape, ary.dtype)
    if copy and dev.nbytes:
        _htod(dev._copy_pointer(), ary, s)
    dev.stream = stream  # its later copies given no stream go there (numba.cuda)
    return dev


def _nocopy_strides(oldshape, oldstrides, newshape, fortran, itemsize):
    """The strides that view an array of `oldshape` and `oldstrides` (bytes)
    as `newshape` in C order (Fortran order with `fortran`) without copying,
    or None when no strides can. The algorithm of NumPy's
    _attempt_nocopy_reshape (numpy/_core/src/multiarray/shape.c): runs of
    old axes whose product is that of a run of new axes must be contiguous
    among themselves; extent-1 axes are dropped first, and trailing new
    extent-1 axes get the stride after the last one."""
    old = [(d, s) for d, s in zip(oldshape, oldstrides) if d != 1]
    olddims = [d for d, _ in old]
    oldstr = [s for _, s in old]
    newstrides = [0] * len(newshape)
    oi, oj, ni, nj = 0, 1, 0, 1
    while ni < len(newshape) and oi < len(olddims):
        np_, op = newshape[ni], olddims[oi]
        while np_ != op:
            if np_ < op:
                np_ *= newshape[nj]
                nj += 1
            else:
                op *= olddims[oj]
                oj += 1
        for ok in range(oi, oj - 1):  # the old axes oi..oj-1 must combine
            if fortran:
                if oldstr[ok + 1] != olddims[ok] * oldstr[ok]:
                    return None
            elif oldstr[ok] != olddims[ok + 1] * oldstr[ok + 1]:
                return None
        if fortran:
            newstrides[ni] = oldstr[oi]
            for nk in range(ni + 1, nj):
                newstrides[nk] = newstrides[nk - 1] * newshape[nk - 1]
        else:
            newstrides[nj - 1] = oldstr[oj - 1]
            for nk in range(nj - 1, ni, -1):
                newstrides[nk - 1] = newstrides[nk] * newshape[nk]
        ni, oi = nj, oj
        nj, oj = nj + 1, oj + 1
    last = newstrides[ni - 1] if ni >= 1 else itemsize
    if fortran and ni >= 1:
        last *= newshape[ni - 1]
    for nk in range(ni, len(newshape)):
        newstrides[nk] = last
    return tuple(newstrides)


def _f_strides(shape, itemsize):
    return tuple(reversed(_c_strides(tuple(reversed(shape)), itemsize)))


def shape_tuple(shape):
    """`shape` (an int or a sequence of ints, NumPy's integers included) as
    a tuple of non-negative ints; TypeError for anything else (a float
    extent is refused, not truncated), ValueError for a negative extent."""
    try:
        dims = (operator.index(shape),) if not hasattr(shape, "__len__") else \
            tuple(operator.index(e) for e in shape)
    except TypeError:
        raise TypeError("shape must be an int or a sequence of ints, got %r" % (shape,)) from None
    if any(d < 0 for d in dims):
        raise ValueError("negative dimensions are not allowed, got shape %r" % (shape,))
    return dims


def device_array(shape, dtype=np.float64, strides=None, order="C", stream=0):
    """An uninitialized DeviceArray of `shape` and `dtype`, in C or Fortran
    `order`, or with explicit byte `strides` (non-negative, within the
    allocation of the array's extent; an int for a 1-D array, as numba
    takes it). TypeError for a shape that is not ints (shape_tuple)."""
    shape = shape_tuple(shape)
    dtype = np.dtype(dtype)
    if order not in ("C", "F"):
        raise ValueError("order must be 'C' or 'F', got %r" % (order,))
    if strides is None and order == "C":
        dev = DeviceArray._new_c(shape, dtype)
    elif strides is None:
        dev = DeviceArray(shape, dtype, _f_strides(tuple(shape), dtype.itemsize))
    else:
        strides = (operator.index(strides),) if isinstance(strides, (int, np.integer)) else \
            tuple(int(s) for s in strides)
        if len(strides) != len(shape) or any(s < 0 for s in strides):
            raise ValueError("strides %r do not suit shape %r" % (strides, tuple(shape)))
        span = dtype.itemsize + sum((e - 1) * s for e, s in zip(shape, strides)) \
            if all(shape) else 0
        dev = DeviceArray(shape, dtype, strides, _new_buffer(span))
    dev.stream = stream  # its copies given no stream go there (numba.cuda keeps it too)
    return dev


def strides_like(ary):
    """Contiguous byte strides for a new array of `ary`'s shape and dtype
    that keep the order of `ary`'s strides (NumPy's empty_like, which
    numba.cuda's *_array_like follow): the smallest stride's dimension
    varies fastest, so a Fortran view gets Fortran strides."""
    shape, itemsize = tuple(ary.shape), np.dtype(ary.dtype).itemsize
    # By absolute stride, stable: NumPy's PyArray_CreateSortedStridePerm.
    order = sorted(range(len(shape)), key=lambda d: abs(ary.strides[d]))
    strides, step = [0] * len(shape), itemsize
    for d in order:
        strides[d] = step
        step *= shape[d]
    return tuple(strides)


def device_array_like(ary, stream=0):
    """An uninitialized DeviceArray with `ary`'s shape and dtype, its strides
    contiguous in the order of `ary`'s (strides_like: C for a C array,
    Fortran for a Fortran one or a view of one)."""
    return device_array(ary.shape, ary.dtype, strides=strides_like(ary), stream=stream)


def from_dlpack(obj):
    """A DeviceArray viewing a DLPack producer's GPU tensor (PyTorch, CuPy,
    JAX), zero-copy; it holds the tensor until collected. Raises TypeError
    for tensors outside GPU memory or of an unsupported type."""
    device = obj.__dlpack_device__() if hasattr(obj, "__dlpack_device__") else None
    try:
        capsule = obj.__dlpack__(stream=1) if device and device[0] == 2 else obj.__dlpack__()
    except TypeError:
        capsule = obj.__dlpack__()
    ptr, shape, strides, typestr, dev_type, dev_id, holder = ext().dlpack_import(capsule)
    if dev_type not in (2, 3, 13) and not (host_memory() and dev_type == 1):
        raise TypeError("from_dlpack: the tensor lives on DLPack device type %d, not in GPU "
                        "memory" % dev_type)
    if typestr == "bfloat16":  # DLPack's kDLBfloat: ml_dtypes' dtype
        try:
            import ml_dtypes
        except ImportError:
            raise TypeError("from_dlpack: a bfloat16 tensor needs the ml_dtypes package for "
                            "its NumPy dtype (pip install ml_dtypes)") from None
        dtype = np.dtype(ml_dtypes.bfloat16)
    else:
        dtype = np.dtype(typestr)
    span = dtype.itemsize + sum((e - 1) * s for e, s in zip(shape, strides)) if all(shape) else 0
    buffer = _External(ptr, span, holder)
    if dev_type == 1:
        buffer.host = holder  # host memory: the CPU backend reads it in place
    return DeviceArray(shape, dtype, strides, buffer)


class _HostAllocation:
    """`nbytes` of memory the host reads in place: page-locked (cuMemHostAlloc,
    freed with host_free), managed (cuMemAllocManaged, freed with mem_free),
    or on the CPU backend its device memory (`alloc` gives a _DeviceBuffer's
    address, kept by `keep`). Freed when the last array viewing it is
    collected; numpy reads it through __array_interface__."""

    def __init__(self, shape, dtype, strides, nbytes, alloc, free, keep=None):
        self.nbytes = nbytes
        self.ptr = alloc(nbytes)
        self._free = free
        self._keep = keep
        self.__array_interface__ = {"shape": tuple(shape), "typestr": dtype.str,
                                    "data": (self.ptr, False), "strides": strides,
                                    "version": 3}

    def __del__(self):
        ptr, self.ptr = getattr(self, "ptr", 0), 0
        if ptr:
            try:
                self._free(ptr)
            except Exception:
                pass


def _host_array(shape, dtype, strides, order, alloc, free, device_visible=False):
    """A numpy array over a _HostAllocation of `alloc`, as many bytes as its
    strides span. On the CPU backend ordinary memory: the backend's device
    memory when `device_visible` (mapped and managed arrays, which kernels and
    as_cuda_array reach through their __cuda_array_interface__), else
    numpy's own. ValueError for strides that do not fit the shape."""
    shape = shape_tuple(shape)
    dtype = np.dtype(dtype)
    if dtype.hasobject:  # (the memory holds no Python references)
        raise TypeError("an array of dtype %s cannot live in page-locked, mapped or managed "
                        "memory: its elements are Python objects" % dtype)
    if order not in ("C", "F"):
        raise ValueError("order must be 'C' or 'F', got %r" % (order,))
    if strides is None:
        strides = (_c_strides if order == "C" else _f_strides)(tuple(shape), dtype.itemsize)
    try:
        strides = tuple(operator.index(st) for st in strides)
    except TypeError:
        raise TypeError("strides are ints (bytes), got %r" % (strides,)) from None
    if len(strides) != len(shape) or any(st < 0 for st in strides):
        raise ValueError("strides %r do not fit shape %r (one non-negative byte stride per "
                         "dimension)" % (strides, shape))
    nbytes = max(1, _extent_bytes(shape, strides)[1] + dtype.itemsize if all(shape) else 0)
    if host_memory():
        if not device_visible:
            return np.ndarray(shape, dtype, buffer=np.empty(nbytes, np.uint8), strides=strides)
        buffer = _DeviceBuffer(nbytes)
        return _array_over(_HostAllocation(shape, dtype, strides, nbytes, lambda _: buffer.ptr,
                                           lambda _: None, keep=buffer), dtype)
    return _array_over(_HostAllocation(shape, dtype, strides, nbytes, alloc, free), dtype)


def _array_over(allocation, dtype):
    """The numpy array of `allocation` with `dtype`: its __array_interface__
    typestr ('|V8', '<V2') loses a record's fields and ml_dtypes' bfloat16,
    which a view of the same bytes restores."""
    ary = np.asarray(allocation)
    return ary if ary.dtype == dtype else ary.view(dtype)


def _pinned(mapped):
    return lambda nbytes: ext().host_alloc(nbytes, mapped)


def pinned_array(shape, dtype=np.float64, strides=None, order="C"):
    """A numpy array in page-locked host memory: copies to and from the
    device run at full bandwidth and, given a stream, asynchronously."""
    return _host_array(shape, dtype, strides, order, _pinned(False), ext().host_free)


def _allocation_of(ary, kind):
    """The _HostAllocation under `ary`'s views; AttributeError (so that
    hasattr(ary, "__cuda_array_interface__") is False) for a copy or the
    result of arithmetic, which numpy makes of the same subclass in ordinary
    host memory."""
    base = ary
    while base is not None and not isinstance(base, _HostAllocation):
        base = getattr(base, "base", None)
    if base is None:
        raise AttributeError("this array is a copy of a %s array in ordinary host memory, not %s "
                             "memory: it has no __cuda_array_interface__" % (kind, kind))
    return base


def _device_reachable(obj):
    """Whether `obj` is memory kernels reach in place: a numpy array only
    where it is a mapped or managed array's (not a copy of one), else any
    object with __cuda_array_interface__."""
    if isinstance(obj, np.ndarray) and not isinstance(obj, (MappedArray, ManagedArray)):
        return False
    return hasattr(obj, "__cuda_array_interface__")


class _DeviceMethods:
    """What numba's MappedNDArray and ManagedNDArray have of a device array
    (they are DeviceNDArrayBase subclasses too): copies, bind, split and the
    memory's pointer, each through a DeviceArray view of the same memory
    (cuda.as_cuda_array). AttributeError for a copy of one in ordinary host
    memory (the result of arithmetic), which has no device address."""

    #: numba's markers: device memory (to_device returns it as it is) and a
    #: device array.
    __cuda_memory__ = True
    __cuda_ndarray__ = True
    stream = 0

    def __array_finalize__(self, obj):
        self.stream = getattr(obj, "stream", 0)  # (views keep the bound stream)

    def _device_view(self):
        from .cuda import as_cuda_array
        view = as_cuda_array(self, sync=False)
        view.stream = self.stream
        return view

    def copy_to_host(self, ary=None, stream=0):
        """A host copy (a new numpy array, or into `ary`), as a device array's."""
        return self._device_view().copy_to_host(ary, stream)

    def copy_to_device(self, ary, stream=0):
        """Copies `ary` (host or device) into this memory."""
        self._device_view().copy_to_device(ary, stream)

    def bind(self, stream=0):
        """The same array whose copies, given no stream, go to `stream`."""
        out = self.view(type(self))
        out.stream = stream
        return out

    def split(self, section, stream=0):
        """Device array views of consecutive `section` elements (1-d)."""
        return self._device_view().split(section, stream)

    def get_ipc_handle(self):
        return self._device_view().get_ipc_handle()

    @property
    def gpu_data(self):
        return self._device_view().gpu_data

    @property
    def device_ctypes_pointer(self):
        return self._device_view().device_ctypes_pointer

    @property
    def _strided_memory_view_shim(self):
        return self._device_view()._strided_memory_view_shim

    @property
    def _cuda_memsize_(self):
        """Bytes from the first element to the end of the allocation
        (driver.device_memory_size's, as of a DeviceArray)."""
        base = _allocation_of(self, "device-visible")
        return base.ptr + base.nbytes - self.ctypes.data


class ManagedArray(_DeviceMethods, np.ndarray):
    """A numpy array in managed memory (managed_array): host code and kernels
    use the same memory at the same address, kernels through its
    __cuda_array_interface__. Synchronize before the host reads what a
    kernel wrote. It is also a device array (numba's ManagedNDArray):
    copy_to_host, copy_to_device, bind, split, gpu_data."""

    @property
    def __cuda_array_interface__(self):
        _allocation_of(self, "managed")
        return {"shape": self.shape, "strides": self.strides, "typestr": self.dtype.str,
                "descr": _descr(self.dtype), "data": (self.ctypes.data, False), "version": 3,
                "stream": None}


def managed_array(shape, dtype=np.float64, strides=None, order="C", stream=0,
                  attach_global=True):
    """A ManagedArray: numba.cuda.managed_array (on the CPU backend, in its
    device memory, which is the host's), bound to `stream` (its copies given
    no stream go there, as numba's)."""
    ary = _host_array(shape, dtype, strides, order,
                      lambda nbytes: ext().managed_alloc(nbytes, attach_global), ext().mem_free,
                      device_visible=True)
    ary = ary.view(ManagedArray)
    ary.stream = stream  # (numba's device_setup: copies given no stream go there)
    return ary


class MappedArray(_DeviceMethods, np.ndarray):
    """A numpy array in page-locked host memory mapped into the GPU's
    address space (mapped_array): kernels read and write it in place through
    its __cuda_array_interface__, with no copies. It is also a device array
    (numba's MappedNDArray): copy_to_host, copy_to_device, bind, split,
    gpu_data."""

    @property
    def __cuda_array_interface__(self):
        base = _allocation_of(self, "mapped")
        offset = self.ctypes.data - base.ptr
        device = base.ptr if host_memory() else ext().host_device_pointer(base.ptr)
        return {"shape": self.shape, "strides": self.strides, "typestr": self.dtype.str,
                "descr": _descr(self.dtype), "data": (device + offset, False),
                "version": 3, "stream": None}


def mapped_array(shape, dtype=np.float64, strides=None, order="C", stream=0, portable=False,
                 wc=False):
    """A MappedArray: host memory that GPU kernels access directly (over the
    interconnect), synchronize before reading results on the host; bound to
    `stream` (its copies given no stream go there, as numba's)."""
    ary = _host_array(shape, dtype, strides, order, _pinned(True), ext().host_free,
                      device_visible=True)
    ary = ary.view(MappedArray)
    ary.stream = stream  # (numba's device_setup: copies given no stream go there)
    return ary
