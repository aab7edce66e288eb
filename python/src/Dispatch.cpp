//===- Dispatch.cpp - The launch fast path: kernel[grid, block](*args) ----===//
//
// DispatcherBase is the C++ base of pyjit's Python Dispatcher (the @cuda.jit
// kernel object). `kernel[config]` (mp_subscript) returns a Launcher cached
// per configuration; calling the Launcher reads every argument once, forms
// a dispatch key from their types, finds the Kernel compiled for that key
// and launches it — no Python frame, no allocation on the Python heap.
//
// Arguments the fast path reads (register_launch_type() names their types):
//   scalar  exact Python bool/int/float/complex and NumPy scalars: the key
//           is the type object;
//   abi     pyjit DeviceArray (a _pyjit.ArrayAbi): its `_pyjit_abi` = (bytes
//           of data, extents..., byte strides... as little-endian int64, type
//           string), read from the object's words (ArrayAbi.h); the key is
//           the interned type string;
//   cupy    cupy.ndarray: data.ptr, shape, strides, dtype;
//   torch   torch.Tensor on the selected GPU, read by the registered reader:
//           - DLPack's C exchange API (torch.Tensor.__dlpack_c_exchange_api__,
//             PyTorch 2.10 and later): one C call fills a DLTensor on the
//             stack with the pointer, shape, strides and type;
//           - else torch.utils.dlpack.to_dlpack, whose capsule holds the same
//             DLTensor; it is dropped before the launch (the caller's tensor
//             keeps the memory alive).
//           A conjugate or negative view (is_conj(), is_neg()), which DLPack
//           exports as its unconjugated memory, and a tensor on another
//           device go to the slow path.
// Foreign arrays are keyed by (kind, item size, ndim, layout), the same
// facts their __cuda_array_interface__ would give the Python typeof(). The
// launch waits for the work their library has queued on its current stream
// (CuPy's current stream, as its __cuda_array_interface__ gives it; torch's,
// from current_work_stream or torch.cuda.current_stream), as CAI v3 and
// DLPack ask: runtime::streamWaitFor, which queues nothing when CUDA orders
// the two streams already.
//
// Anything else — a first call, numpy arrays (copied to the device), tuples,
// the CPU backend, debug kernels, an array too large for the 32-bit-index
// variant — goes to the Python slow path, Dispatcher._launch(griddim,
// blockdim, stream, shared, args). It returns the GPU Kernel it launched
// when that launch could have been a fast one, and the key is then added.
//===----------------------------------------------------------------------===//
#include "ArrayAbi.h"
#include "HeapType.h"
#include "DLPackAbi.h"
#include "Extension.h"
#include "KernelLaunch.h"
#include <cstring>
#include <structmember.h> // PyMemberDef, T_PYSSIZET, READONLY (limited API)
#include "pyjit/runtime/Device.h"
#include "pyjit/runtime/Stream.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <cstddef>
#include <cstring>
#include <vector>

using namespace pyjit;
using namespace pyjit::python;

namespace {

/// Abi: a DeviceArray, whose parameters sit in the object (ArrayAbi.h).
enum class ArgKind { Scalar, Abi, CuPy, Torch };

/// A NumPy dtype (CuPy's) the fast path has seen.
struct DtypeInfo {
  PyObject *dtype; // strong reference
  char kind;       // NumPy kind: b, i, u, f, c; kBFloat16Kind for ml_dtypes' bfloat16
  unsigned itemsize;
};

/// The key's kind of a bfloat16 array (ml_dtypes' dtype in CuPy, kDLBfloat
/// in DLPack): not NumPy's 'V', which a record of two bytes has too.
constexpr char kBFloat16Kind = 'E';

/// A type the fast path reads; for NumPy scalars whose value it copies in
/// place, the value's NumPy kind and size (rawKind 0: none). The value sits
/// right after the object header, as NumPy's public arrayscalars.h lays out
/// every scalar object (`PyObject_HEAD; <ctype> obval;`); checked on a
/// sample at registration (register_raw_scalar).
struct TypeEntry {
  PyTypeObject *type; // strong reference
  ArgKind kind;
  char rawKind = 0;
  unsigned rawBytes = 0;
  PyObject *reader = nullptr; // torch: to_dlpack or the exchange capsule (strong reference)
  const dlpack::DLPackExchangeAPI *api = nullptr; // torch: the C exchange API, if given
  /// CuPy, torch: a callable giving the producer's current stream on a device
  /// (called with the ordinal; returns a CUstream value as an int; strong
  /// reference), unless `api` gives it (current_work_stream).
  PyObject *currentStream = nullptr;
};

/// Types the fast path reads, registered from Python. Touched with the GIL held.
struct Registry {
  std::vector<TypeEntry> types;
  std::vector<DtypeInfo> dtypes;
};

Registry &registry() {
  static Registry *r = new Registry(); // lives as long as the process
  return *r;
}

constexpr size_t kScalarValueOffset = sizeof(PyObject);

constexpr size_t kMaxEntries = 64;  // overloads per dispatcher on the fast path
constexpr size_t kMaxConfigs = 64;  // launch configurations cached per dispatcher
constexpr unsigned kMaxDims = 32;

struct Entry {
  llvm::SmallVector<uint64_t, 8> key;
  PyObject *kernel; // strong reference
};

struct DispatcherObject {
  PyObject_HEAD
  PyObject *configs;            // dict: configuration -> Launcher
  std::vector<Entry> *entries;  // dispatch table
  Py_ssize_t nparams;           // -1 until _dispatch_init
};

struct LauncherObject {
  PyObject_HEAD
  PyObject *dispatcher; // DispatcherObject (a Dispatcher)
  PyObject *griddim, *blockdim, *stream, *shared; // as the slow path takes them
  /// The stream as given in kernel[grid, block, stream] (a Stream, a foreign
  /// stream object or an int), or 0: numba's launcher.stream.
  PyObject *givenStream;
  /// pre_launch_callbacks: null until read or set, when the launcher leaves
  /// its dispatcher's cache (numba makes a fresh list per kernel[config]).
  PyObject *callbacks;
  runtime::Dim3 grid, block;
  unsigned sharedBytes;
  uint64_t streamHandle;
  /// launcherVectorcall, read by the interpreter at __vectorcalloffset__.
  PyObject *(*vectorcall)(PyObject *, PyObject *const *, size_t, PyObject *);
};

PyTypeObject *launcherType = nullptr;

TypeEntry *entryOf(PyTypeObject *type) {
  for (TypeEntry &e : registry().types)
    if (e.type == type)
      return &e;
  return nullptr;
}

/// The stream on which \p entry's library queues its work now (a CUstream
/// value): true with it in \p stream, true with \p has false for a type
/// with no such stream; false with a Python exception set when the
/// library's call fails.
bool producerStream(const TypeEntry &entry, uint64_t &stream, bool &has) {
  has = false;
  if (entry.api && entry.api->current_work_stream) {
    void *out = nullptr;
    if (entry.api->current_work_stream(dlpack::kDLCUDA, runtime::selectedDevice(), &out) != 0) {
      if (!PyErr_Occurred())
        PyErr_SetString(PyExc_RuntimeError, "DLPack's current_work_stream failed");
      return false;
    }
    stream = reinterpret_cast<uintptr_t>(out);
  } else if (entry.currentStream) {
    PyObject *device = PyLong_FromLong(runtime::selectedDevice());
    PyObject *value =
        device ? PyObject_CallFunctionObjArgs(entry.currentStream, device, nullptr) : nullptr;
    Py_XDECREF(device);
    if (!value)
      return false;
    stream = PyLong_AsUnsignedLongLong(value);
    Py_DECREF(value);
    if (PyErr_Occurred())
      return false;
  } else {
    return true;
  }
  has = true;
  return true;
}

/// The kind and item size of a NumPy dtype (CuPy's dtype), remembered.
const DtypeInfo *dtypeInfo(PyObject *dtype) {
  for (const DtypeInfo &d : registry().dtypes)
    if (d.dtype == dtype)
      return &d;
  PyObject *kind = PyObject_GetAttrString(dtype, "kind");
  PyObject *size = kind ? PyObject_GetAttrString(dtype, "itemsize") : nullptr;
  PyObject *name = size ? PyObject_GetAttrString(dtype, "name") : nullptr;
  const DtypeInfo *out = nullptr;
  if (kind && size && name && PyUnicode_Check(kind) && PyUnicode_GetLength(kind) == 1 &&
      PyUnicode_Check(name)) {
    long n = PyLong_AsLong(size);
    Py_UCS4 c = PyUnicode_ReadChar(kind, 0);
    // Numbers only: other kinds (records, strings, datetimes) are told apart
    // by more than kind and size, which the slow path reads.
    if (c == 'V' && n == 2 && PyUnicode_CompareWithASCIIString(name, "bfloat16") == 0)
      c = kBFloat16Kind;
    else if (c >= 128 || !std::strchr("biufc", static_cast<char>(c)))
      n = 0;
    if (n > 0) {
      Py_INCREF(dtype);
      registry().dtypes.push_back({dtype, static_cast<char>(c), static_cast<unsigned>(n)});
      out = &registry().dtypes.back();
    }
  }
  Py_XDECREF(kind);
  Py_XDECREF(size);
  Py_XDECREF(name);
  PyErr_Clear();
  return out;
}

/// Layout code of extents and byte strides as _typeof.py decides it:
/// 0 C-contiguous, 1 Fortran-contiguous (and not C), 2 any.
unsigned layoutOf(const uint64_t *extents, const int64_t *strides, unsigned ndim,
                  unsigned itemsize) {
  auto contiguous = [&](bool reversed) {
    int64_t expected = itemsize;
    for (unsigned k = 0; k < ndim; ++k) {
      unsigned d = reversed ? k : ndim - 1 - k;
      if (extents[d] > 1 && strides[d] != expected)
        return false;
      expected *= static_cast<int64_t>(extents[d]);
    }
    return true;
  };
  if (contiguous(false))
    return 0;
  return contiguous(true) ? 1 : 2;
}

/// Reads a tuple of ints into `out` (signed values kept as two's complement).
bool readInts(PyObject *tuple, Py_ssize_t from, Py_ssize_t count, uint64_t *out) {
  for (Py_ssize_t k = 0; k < count; ++k) {
    long long v = PyLong_AsLongLong(PyTuple_GetItem(tuple, from + k));
    if (v == -1 && PyErr_Occurred()) {
      PyErr_Clear();
      return false;
    }
    out[k] = static_cast<uint64_t>(v);
  }
  return true;
}

/// Whether an array's parameters (data, extents, byte strides) put every
/// item at a multiple of its size, as the GPU's loads need.
bool aligned(const uint64_t *slots, unsigned ndim, unsigned itemsize) {
  if (!itemsize)
    return true;
  bool ok = slots[0] % itemsize == 0;
  for (unsigned d = 0; d < ndim; ++d)
    ok = ok && (slots[1 + d] < 2 || static_cast<int64_t>(slots[1 + ndim + d]) % itemsize == 0);
  return ok;
}

/// The dispatch key of a foreign array: (kind, item size, ndim, layout).
uint64_t foreignKey(char kind, unsigned itemsize, unsigned ndim, unsigned layout) {
  return (uint64_t(1) << 63) | (uint64_t(static_cast<unsigned char>(kind)) << 32) |
         (uint64_t(itemsize) << 16) | (uint64_t(ndim) << 8) | layout;
}

/// Reads a CuPy array into 1 + 2*ndim slots (data.ptr, shape, strides); its
/// key in `key`. False (no error set) when the fast path cannot take it.
bool readCuPy(PyObject *arg, llvm::SmallVectorImpl<uint64_t> &slots, unsigned &ndim,
              uint64_t &key) {
  static PyObject *sData = PyUnicode_InternFromString("data");
  static PyObject *sPtr = PyUnicode_InternFromString("ptr");
  static PyObject *sShape = PyUnicode_InternFromString("shape");
  static PyObject *sStrides = PyUnicode_InternFromString("strides");
  static PyObject *sDtype = PyUnicode_InternFromString("dtype");
  PyObject *ptr = nullptr, *shape = nullptr, *strides = nullptr, *dtype = nullptr;
  bool ok = false;
  do {
    PyObject *data = PyObject_GetAttr(arg, sData);
    ptr = data ? PyObject_GetAttr(data, sPtr) : nullptr;
    Py_XDECREF(data);
    strides = ptr ? PyObject_GetAttr(arg, sStrides) : nullptr;
    shape = strides ? PyObject_GetAttr(arg, sShape) : nullptr;
    dtype = shape ? PyObject_GetAttr(arg, sDtype) : nullptr;
    if (!dtype || !PyTuple_Check(shape) || !PyTuple_Check(strides))
      break;
    Py_ssize_t n = PyTuple_Size(shape);
    if (n > kMaxDims || PyTuple_Size(strides) != n)
      break;
    const DtypeInfo *info = dtypeInfo(dtype);
    if (!info)
      break;
    ndim = static_cast<unsigned>(n);
    size_t base = slots.size();
    slots.resize(base + 1 + 2 * ndim);
    uint64_t *out = slots.data() + base;
    out[0] = PyLong_AsUnsignedLongLong(ptr);
    if (PyErr_Occurred())
      break;
    if (!readInts(shape, 0, n, out + 1) || !readInts(strides, 0, n, out + 1 + ndim) ||
        !aligned(out, ndim, info->itemsize))
      break; // (a misaligned array: the slow path names it)
    unsigned layout = layoutOf(out + 1, reinterpret_cast<int64_t *>(out + 1 + ndim), ndim,
                               info->itemsize);
    key = foreignKey(info->kind, info->itemsize, ndim, layout);
    ok = true;
  } while (false);
  Py_XDECREF(ptr);
  Py_XDECREF(shape);
  Py_XDECREF(strides);
  Py_XDECREF(dtype);
  if (!ok)
    PyErr_Clear();
  return ok;
}

/// Reads a torch tensor through the entry's reader (the C exchange API, else
/// to_dlpack) into 1 + 2*ndim slots; its key in `key`. False (no error set)
/// when the fast path cannot take it: not on the selected GPU, a type
/// pyjit has no name for, or a tensor DLPack refuses to export.
bool readTorch(PyObject *arg, const TypeEntry &entry, llvm::SmallVectorImpl<uint64_t> &slots,
               unsigned &ndim, uint64_t &key) {
  using namespace dlpack;
  DLTensor exchanged;
  PyObject *capsule = nullptr; // to_dlpack's, owning what `t` points into
  const DLTensor *tensor = &exchanged;
  if (entry.api) {
    if (entry.api->dltensor_from_py_object_no_sync(arg, &exchanged) != 0) {
      PyErr_Clear();
      return false;
    }
  } else {
    // (PyObject_CallOneArg is not in the 3.11 limited API; this one vectorcalls.)
    capsule = PyObject_CallFunctionObjArgs(entry.reader, arg, nullptr);
    if (!capsule || !PyCapsule_IsValid(capsule, "dltensor")) {
      Py_XDECREF(capsule);
      PyErr_Clear();
      return false;
    }
    tensor = &static_cast<DLManagedTensor *>(PyCapsule_GetPointer(capsule, "dltensor"))->dl_tensor;
  }
  const DLTensor &t = *tensor;
  char kind = t.dtype.code == kDLBfloat && t.dtype.bits == 16 && t.dtype.lanes == 1
                  ? kBFloat16Kind
                  : numpyKind(t.dtype);
  unsigned itemsize = t.dtype.bits / 8;
  bool ok = kind && t.device.device_type == kDLCUDA &&
            t.device.device_id == runtime::selectedDevice() && t.ndim >= 0 &&
            static_cast<unsigned>(t.ndim) <= kMaxDims;
  if (ok) {
    ndim = static_cast<unsigned>(t.ndim);
    size_t base = slots.size();
    slots.resize(base + 1 + 2 * ndim);
    uint64_t *out = slots.data() + base;
    out[0] = reinterpret_cast<uintptr_t>(t.data) + t.byte_offset;
    for (unsigned d = 0; d < ndim; ++d)
      out[1 + d] = static_cast<uint64_t>(t.shape[d]);
    byteStrides(t, itemsize, reinterpret_cast<int64_t *>(out + 1 + ndim));
    unsigned layout = layoutOf(out + 1, reinterpret_cast<int64_t *>(out + 1 + ndim), ndim,
                               itemsize);
    key = foreignKey(kind, itemsize, ndim, layout);
    ok = aligned(out, ndim, itemsize); // (misaligned: the slow path names it)
  }
  Py_XDECREF(capsule); // unconsumed: its destructor calls the producer's deleter
  // A conjugate or negative view (z.conj(), z.conj().imag) exports its
  // memory as it is, and its values are not that: the slow path refuses it.
  static PyObject *sIsNeg = PyUnicode_InternFromString("is_neg");
  static PyObject *sIsConj = PyUnicode_InternFromString("is_conj");
  for (PyObject *bit : {sIsNeg, kind == 'c' ? sIsConj : nullptr}) {
    if (!ok || !bit)
      continue;
    PyObject *set = PyObject_CallMethodObjArgs(arg, bit, nullptr);
    ok = set == Py_False;
    Py_XDECREF(set);
  }
  PyErr_Clear();
  return ok;
}

/// Orders work queued on \p consumer after the work \p entry's library has
/// queued on its current stream (runtime::streamWaitFor). False with a
/// Python exception set on failure.
bool waitForProducer(const TypeEntry &entry, uint64_t consumer) {
  uint64_t stream = 0;
  bool has = false;
  if (!producerStream(entry, stream, has))
    return false;
  if (has)
    if (llvm::Error err = runtime::streamWaitFor(consumer, stream)) {
      python::raiseRuntime(std::move(err));
      return false;
    }
  return true;
}

// -- Launcher ----------------------------------------------------------------

PyObject *slowLaunch(LauncherObject *self, PyObject *args) {
  if (self->callbacks) {
    static PyObject *sConfigured = PyUnicode_InternFromString("_launch_configured");
    return PyObject_CallMethodObjArgs(self->dispatcher, sConfigured,
                                      reinterpret_cast<PyObject *>(self), args, nullptr);
  }
  static PyObject *sLaunch = PyUnicode_InternFromString("_launch");
  return PyObject_CallMethodObjArgs(self->dispatcher, sLaunch, self->griddim, self->blockdim,
                                    self->stream, self->shared, args, nullptr);
}

/// The slow path for arguments given as an array (vectorcall): packs them
/// into the tuple `_launch` takes.
PyObject *slowLaunch(LauncherObject *self, PyObject *const *argv, Py_ssize_t n) {
  PyObject *args = PyTuple_New(n);
  if (!args)
    return nullptr;
  for (Py_ssize_t i = 0; i < n; ++i) {
    Py_INCREF(argv[i]);
    PyTuple_SetItem(args, i, argv[i]);
  }
  PyObject *r = slowLaunch(self, args);
  Py_DECREF(args);
  return r;
}

/// Launches with `n` positional arguments `argv`; `tuple` is them as a
/// tuple when the caller has one (tp_call), else null (vectorcall).
PyObject *launch(LauncherObject *self, PyObject *const *argv, Py_ssize_t n, PyObject *tuple) {
  auto *d = reinterpret_cast<DispatcherObject *>(self->dispatcher);
  auto slow = [&]() { return tuple ? slowLaunch(self, tuple) : slowLaunch(self, argv, n); };
  if (n != d->nparams || !d->entries || self->callbacks) {
    PyObject *r = slow();
    Py_XDECREF(r);
    return r ? (Py_INCREF(Py_None), Py_None) : nullptr;
  }
  // Sized for 64 parameters without a heap allocation.
  llvm::SmallVector<uint64_t, 72> key;
  key.push_back(static_cast<uint64_t>(runtime::selectedDevice())); // one module per device
  llvm::SmallVector<uint64_t, 64> slots;
  llvm::SmallVector<ReadArg, 72> read;
  read.resize_for_overwrite(static_cast<size_t>(n)); // each written whole below
  // Foreign arrays' slots move while `slots` grows: (argument, offset) pairs.
  llvm::SmallVector<std::pair<Py_ssize_t, size_t>, 16> foreign;
  bool fast = true;
  PyTypeObject *lastType = nullptr; // runs of one type (64 floats) look it up once
  const TypeEntry *entry = nullptr;
  llvm::SmallVector<const TypeEntry *, 2> producers; // CuPy, torch: their streams
  for (Py_ssize_t i = 0; i < n && fast; ++i) {
    PyObject *arg = argv[i];
    read[i] = ReadArg{arg};
    PyTypeObject *type = Py_TYPE(arg);
    if (type != lastType) {
      entry = entryOf(type);
      lastType = type;
    }
    if (!entry) {
      fast = false;
      break;
    }
    uint64_t k = reinterpret_cast<uintptr_t>(type);
    switch (entry->kind) {
    case ArgKind::Scalar:
      if (entry->rawKind) {
        read[i].raw = reinterpret_cast<const char *>(arg) + kScalarValueOffset;
        read[i].rawKind = entry->rawKind;
        read[i].rawBytes = entry->rawBytes;
      }
      break;
    case ArgKind::Abi: {
      unsigned words = 0;
      PyObject *typeName = nullptr;
      read[i].slots = arrayAbiSlots(arg, words, typeName); // inside the argument
      read[i].ndim = (words - 1) / 2;
      k = reinterpret_cast<uintptr_t>(typeName); // interned: equal strings, one object
      fast = read[i].slots != nullptr;
      break;
    }
    case ArgKind::CuPy:
      foreign.push_back({i, slots.size()});
      fast = readCuPy(arg, slots, read[i].ndim, k);
      break;
    case ArgKind::Torch:
      foreign.push_back({i, slots.size()});
      fast = readTorch(arg, *entry, slots, read[i].ndim, k);
      break;
    }
    if ((entry->kind == ArgKind::CuPy || entry->kind == ArgKind::Torch) &&
        !llvm::is_contained(producers, entry))
      producers.push_back(entry);
    key.push_back(k);
  }
  if (fast) {
    for (auto [i, offset] : foreign)
      read[i].slots = slots.data() + offset;
    for (const Entry &e : *d->entries) {
      if (llvm::ArrayRef<uint64_t>(e.key) != llvm::ArrayRef<uint64_t>(key))
        continue;
      for (const TypeEntry *producer : producers)
        if (!waitForProducer(*producer, self->streamHandle))
          return nullptr;
      switch (launchPrepared(e.kernel, read.data(), read.size(), self->grid, self->block,
                             self->sharedBytes, self->streamHandle)) {
      case PreparedLaunch::Launched:
        Py_RETURN_NONE;
      case PreparedLaunch::Error:
        PyErr_Clear(); // the slow path raises it again, naming the parameter
        break;
      case PreparedLaunch::NeedsWideIndex:
        break; // the slow path compiles and launches the 64-bit variant
      }
      fast = false;
      break;
    }
  }
  PyObject *launched = slow();
  if (!launched)
    return nullptr;
  if (fast && isGpuKernel(launched) && d->entries->size() < kMaxEntries) {
    Py_INCREF(launched);
    d->entries->push_back({llvm::SmallVector<uint64_t, 8>(key.begin(), key.end()), launched});
  }
  Py_DECREF(launched);
  Py_RETURN_NONE;
}

/// TypeError for a launch given keyword \p keyword (a str): "kernel 'k'
/// takes its arguments by position only, not by keyword ('t')".
PyObject *keywordError(LauncherObject *self, PyObject *keyword) {
  PyObject *name = PyObject_GetAttrString(self->dispatcher, "__name__");
  if (!name) {
    PyErr_Clear();
    name = PyUnicode_FromString("?");
    if (!name)
      return nullptr;
  }
  PyErr_Format(PyExc_TypeError,
               "kernel '%S' takes its arguments by position only, not by keyword (%R)", name,
               keyword);
  Py_DECREF(name);
  return nullptr;
}

PyObject *launcherCall(PyObject *obj, PyObject *args, PyObject *kwargs) {
  if (kwargs && PyDict_Size(kwargs)) {
    Py_ssize_t pos = 0;
    PyObject *key = nullptr, *value = nullptr;
    PyDict_Next(kwargs, &pos, &key, &value);
    return keywordError(reinterpret_cast<LauncherObject *>(obj), key);
  }
  Py_ssize_t n = PyTuple_Size(args);
  llvm::SmallVector<PyObject *, 72> argv(static_cast<size_t>(n));
  for (Py_ssize_t i = 0; i < n; ++i)
    argv[i] = PyTuple_GetItem(args, i);
  return launch(reinterpret_cast<LauncherObject *>(obj), argv.data(), n, args);
}

// Vectorcall (PEP 590): the interpreter passes the arguments as an array,
// with no tuple. Its names are in the limited API from Python 3.12 on; the
// launcher takes it only there (addDispatchTypes), so they are spelled here
// as CPython 3.12's Include/cpython/abstract.h and object.h define them.
constexpr size_t kVectorcallArgumentsOffset = size_t(1) << (8 * sizeof(size_t) - 1);
constexpr unsigned long kTpflagsHaveVectorcall = 1UL << 11;

PyObject *launcherVectorcall(PyObject *obj, PyObject *const *args, size_t nargsf,
                             PyObject *kwnames) {
  if (kwnames && PyTuple_Size(kwnames))
    return keywordError(reinterpret_cast<LauncherObject *>(obj), PyTuple_GetItem(kwnames, 0));
  auto n = static_cast<Py_ssize_t>(nargsf & ~kVectorcallArgumentsOffset);
  return launch(reinterpret_cast<LauncherObject *>(obj), args, n, nullptr);
}

int launcherTraverse(PyObject *obj, visitproc visit, void *arg) {
  auto *self = reinterpret_cast<LauncherObject *>(obj);
  Py_VISIT(self->dispatcher);
  Py_VISIT(self->griddim);
  Py_VISIT(self->blockdim);
  Py_VISIT(self->stream);
  Py_VISIT(self->givenStream);
  Py_VISIT(self->shared);
  Py_VISIT(self->callbacks);
  return 0;
}

int launcherClear(PyObject *obj) {
  auto *self = reinterpret_cast<LauncherObject *>(obj);
  Py_CLEAR(self->dispatcher);
  Py_CLEAR(self->griddim);
  Py_CLEAR(self->blockdim);
  Py_CLEAR(self->stream);
  Py_CLEAR(self->givenStream);
  Py_CLEAR(self->shared);
  Py_CLEAR(self->callbacks);
  return 0;
}

void launcherDealloc(PyObject *obj) {
  PyObject_GC_UnTrack(obj);
  launcherClear(obj);
  freeHeapInstance(obj);
}

PyObject *launcherGet(PyObject *obj, void *which) {
  auto *self = reinterpret_cast<LauncherObject *>(obj);
  PyObject *fields[] = {self->griddim, self->blockdim, self->givenStream, self->shared,
                        self->dispatcher, self->stream};
  PyObject *v = fields[reinterpret_cast<uintptr_t>(which)];
  Py_INCREF(v);
  return v;
}

/// Removes \p self from its dispatcher's cache of launchers, so that the
/// next kernel[config] makes a new one, with no callbacks.
bool forgetLauncher(LauncherObject *self) {
  PyObject *configs = reinterpret_cast<DispatcherObject *>(self->dispatcher)->configs;
  if (!configs)
    return true;
  PyObject *keys = PyDict_Keys(configs);
  if (!keys)
    return false;
  bool ok = true;
  for (Py_ssize_t i = 0; ok && i < PyList_Size(keys); ++i) {
    PyObject *key = PyList_GetItem(keys, i);
    PyObject *value = PyDict_GetItemWithError(configs, key);
    if (value == reinterpret_cast<PyObject *>(self))
      ok = PyDict_DelItem(configs, key) == 0;
    else if (!value && PyErr_Occurred())
      ok = false;
  }
  Py_DECREF(keys);
  return ok;
}

/// numba-cuda's pre_launch_callbacks: a list of callables, each called as
/// callback(overload, launcher) after the overload is chosen (compiled if
/// new) and before each launch through this launcher.
PyObject *launcherGetCallbacks(PyObject *obj, void *) {
  auto *self = reinterpret_cast<LauncherObject *>(obj);
  if (!self->callbacks) {
    if (!forgetLauncher(self) || !(self->callbacks = PyList_New(0)))
      return nullptr;
  }
  Py_INCREF(self->callbacks);
  return self->callbacks;
}

int launcherSetCallbacks(PyObject *obj, PyObject *value, void *) {
  auto *self = reinterpret_cast<LauncherObject *>(obj);
  if (!value) {
    PyErr_SetString(PyExc_AttributeError, "pre_launch_callbacks cannot be deleted");
    return -1;
  }
  if (!forgetLauncher(self))
    return -1;
  Py_INCREF(value);
  PyObject *old = self->callbacks;
  self->callbacks = value;
  Py_XDECREF(old);
  return 0;
}

/// numba-cuda's launcher.args: the arguments of the launch in progress on
/// this thread (for pre-launch callbacks), else None.
PyObject *launcherGetArgs(PyObject *, void *) {
  static PyObject *sCurrent = PyUnicode_InternFromString("_current_launch_args");
  PyObject *module = PyImport_ImportModule("pyjit._dispatcher");
  if (!module)
    return nullptr;
  PyObject *r = PyObject_CallMethodObjArgs(module, sCurrent, nullptr);
  Py_DECREF(module);
  return r;
}

PyGetSetDef launcherGetSet[] = {
    {"pre_launch_callbacks", launcherGetCallbacks, launcherSetCallbacks,
     "callables called as callback(overload, launcher) before each launch", nullptr},
    {"args", launcherGetArgs, nullptr,
     "the arguments of the launch in progress on this thread, else None", nullptr},
    {"griddim", launcherGet, nullptr, "grid extents (x, y, z), in blocks", (void *)0},
    {"blockdim", launcherGet, nullptr, "block extents (x, y, z), in threads", (void *)1},
    {"stream", launcherGet, nullptr,
     "the stream as given in kernel[grid, block, stream] (0 when none was)", (void *)2},
    {"sharedmem", launcherGet, nullptr, "dynamic shared memory per block, bytes", (void *)3},
    {"dispatcher", launcherGet, nullptr, "the kernel", (void *)4},
    {"_stream_handle", launcherGet, nullptr, "the CUstream launched on (int; 0: the default)",
     (void *)5},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

/// Launcher.__reduce__: pickled as kernel[grid, block, 0, sharedmem] (a
/// launch on a stream is not: a CUstream means nothing in another process).
PyObject *launcherReduce(PyObject *obj, PyObject *) {
  auto *self = reinterpret_cast<LauncherObject *>(obj);
  if (self->callbacks) {
    int any = PyObject_IsTrue(self->callbacks);
    if (any < 0)
      return nullptr;
    if (any) {
      PyObject *pickle = PyImport_ImportModule("pickle");
      PyObject *error = pickle ? PyObject_GetAttrString(pickle, "PicklingError") : nullptr;
      Py_XDECREF(pickle);
      if (error) {
        PyErr_SetString(error, "cannot pickle a launch configuration with pre-launch callbacks");
        Py_DECREF(error);
      }
      return nullptr;
    }
  }
  if (self->streamHandle != 0) {
    PyErr_SetString(PyExc_TypeError, "cannot pickle a kernel's launch configuration on a "
                                     "stream (a stream belongs to its process)");
    return nullptr;
  }
  PyObject *getitem = PyObject_GetAttrString(self->dispatcher, "__getitem__");
  if (!getitem)
    return nullptr;
  PyObject *zero = PyLong_FromLong(0);
  PyObject *config = zero ? PyTuple_Pack(4, self->griddim, self->blockdim, zero, self->shared)
                          : nullptr;
  Py_XDECREF(zero);
  PyObject *result = config ? Py_BuildValue("(O(O))", getitem, config) : nullptr;
  Py_DECREF(getitem);
  Py_XDECREF(config);
  return result;
}

PyMethodDef launcherMethods[] = {
    {"__reduce__", launcherReduce, METH_NOARGS,
     "pickled as kernel[griddim, blockdim, 0, sharedmem]"},
    {nullptr, nullptr, 0, nullptr}};

PyType_Slot launcherSlots[] = {
    {Py_tp_call, reinterpret_cast<void *>(launcherCall)},
    {Py_tp_methods, launcherMethods},
    {Py_tp_traverse, reinterpret_cast<void *>(launcherTraverse)},
    {Py_tp_clear, reinterpret_cast<void *>(launcherClear)},
    {Py_tp_dealloc, reinterpret_cast<void *>(launcherDealloc)},
    {Py_tp_getset, launcherGetSet},
    {Py_tp_doc, const_cast<char *>("kernel[grid, block, stream, shared]: call it with the "
                                   "kernel's arguments to launch.")},
    {Py_tp_members, nullptr}, // last: ends the list before Python 3.12 (addDispatchTypes)
    {0, nullptr}};

PyMemberDef launcherMembers[] = {
    {"__vectorcalloffset__", T_PYSSIZET, offsetof(LauncherObject, vectorcall), READONLY,
     nullptr},
    {nullptr, 0, 0, 0, nullptr}};

PyType_Spec launcherSpec = {"pyjit._pyjit.Launcher", sizeof(LauncherObject), 0,
                            Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC, launcherSlots};

bool readDim3Tuple(PyObject *t, runtime::Dim3 &dim) {
  if (!PyTuple_Check(t) || PyTuple_Size(t) != 3)
    return false;
  unsigned long v[3];
  for (int k = 0; k < 3; ++k) {
    v[k] = PyLong_AsUnsignedLong(PyTuple_GetItem(t, k));
    if (PyErr_Occurred())
      return false;
  }
  dim = {static_cast<unsigned>(v[0]), static_cast<unsigned>(v[1]), static_cast<unsigned>(v[2])};
  return true;
}

/// A Launcher for kernel[config] from Dispatcher._configure(config)'s
/// (griddim, blockdim, stream handle, shared).
PyObject *makeLauncher(PyObject *dispatcher, PyObject *config, PyObject *configured) {
  if (!PyTuple_Check(configured) || PyTuple_Size(configured) != 4) {
    PyErr_SetString(PyExc_SystemError, "_configure must return (griddim, blockdim, stream, "
                                       "shared)");
    return nullptr;
  }
  auto *alloc = reinterpret_cast<allocfunc>(PyType_GetSlot(launcherType, Py_tp_alloc));
  auto *l = reinterpret_cast<LauncherObject *>(alloc(launcherType, 0));
  if (!l)
    return nullptr;
  PyObject **fields[] = {&l->griddim, &l->blockdim, &l->stream, &l->shared};
  for (int k = 0; k < 4; ++k) {
    *fields[k] = PyTuple_GetItem(configured, k);
    Py_INCREF(*fields[k]);
  }
  Py_INCREF(dispatcher);
  l->dispatcher = dispatcher;
  l->givenStream = PyTuple_Check(config) && PyTuple_Size(config) > 2
                       ? PyTuple_GetItem(config, 2)
                       : PyTuple_GetItem(configured, 2); // none given: 0
  Py_INCREF(l->givenStream);
  l->vectorcall = launcherVectorcall;
  bool ok = readDim3Tuple(l->griddim, l->grid) && readDim3Tuple(l->blockdim, l->block);
  if (ok) {
    l->streamHandle = PyLong_AsUnsignedLongLong(l->stream);
    l->sharedBytes = static_cast<unsigned>(PyLong_AsUnsignedLong(l->shared));
    ok = !PyErr_Occurred();
  }
  if (!ok) {
    if (!PyErr_Occurred())
      PyErr_SetString(PyExc_SystemError, "_configure returned malformed dimensions");
    Py_DECREF(l);
    return nullptr;
  }
  return reinterpret_cast<PyObject *>(l);
}

// -- DispatcherBase ------------------------------------------------------------

/// May `config` share a cached Launcher with every configuration equal to it?
/// Only when equality means the same launch: ints are exact ints (1.0, True
/// and NumPy numbers equal 1 but are refused or converted by _configure),
/// the stream an int, None or an object that is no number.
bool cacheableConfig(PyObject *config) {
  if (!PyTuple_Check(config))
    return false;
  auto exactInt = [](PyObject *v) { return PyLong_CheckExact(v); };
  auto dims = [&](PyObject *v) {
    if (exactInt(v))
      return true;
    if (!PyTuple_Check(v))
      return false;
    for (Py_ssize_t k = 0; k < PyTuple_Size(v); ++k)
      if (!exactInt(PyTuple_GetItem(v, k)))
        return false;
    return true;
  };
  Py_ssize_t n = PyTuple_Size(config);
  if (n < 2 || n > 4 || !dims(PyTuple_GetItem(config, 0)) || !dims(PyTuple_GetItem(config, 1)))
    return false;
  if (n > 2) {
    PyObject *stream = PyTuple_GetItem(config, 2);
    if (!(exactInt(stream) || stream == Py_None || !PyNumber_Check(stream)))
      return false;
  }
  return n < 4 || exactInt(PyTuple_GetItem(config, 3));
}

PyObject *dispatcherSubscript(PyObject *obj, PyObject *config) {
  auto *self = reinterpret_cast<DispatcherObject *>(obj);
  if (!self->configs && !(self->configs = PyDict_New()))
    return nullptr;
  bool hashable = cacheableConfig(config);
  if (hashable) {
    PyObject *found = PyDict_GetItemWithError(self->configs, config);
    if (found) {
      Py_INCREF(found);
      return found;
    }
    hashable = !PyErr_Occurred();
  }
  PyErr_Clear(); // unhashable (a stream object) or not cacheable: configured each time
  static PyObject *sConfigure = PyUnicode_InternFromString("_configure");
  PyObject *configured = PyObject_CallMethodObjArgs(obj, sConfigure, config, nullptr);
  if (!configured)
    return nullptr;
  PyObject *launcher = makeLauncher(obj, config, configured);
  Py_DECREF(configured);
  if (launcher && hashable && PyDict_Size(self->configs) < static_cast<Py_ssize_t>(kMaxConfigs) &&
      PyDict_SetItem(self->configs, config, launcher) < 0) {
    Py_DECREF(launcher);
    return nullptr;
  }
  return launcher;
}

void clearEntries(DispatcherObject *self) {
  if (!self->entries)
    return;
  std::vector<Entry> entries;
  entries.swap(*self->entries);
  for (Entry &e : entries)
    Py_DECREF(e.kernel);
}

// _dispatch_init(nparams): the parameter count; empties the dispatch table.
PyObject *dispatcherInit(PyObject *obj, PyObject *arg) {
  auto *self = reinterpret_cast<DispatcherObject *>(obj);
  Py_ssize_t n = PyLong_AsSsize_t(arg);
  if (n == -1 && PyErr_Occurred())
    return nullptr;
  if (!self->entries)
    self->entries = new std::vector<Entry>();
  clearEntries(self);
  if (self->configs)
    PyDict_Clear(self->configs);
  self->nparams = n;
  Py_RETURN_NONE;
}

PyObject *dispatcherEntries(PyObject *obj, PyObject *) {
  auto *self = reinterpret_cast<DispatcherObject *>(obj);
  return PyLong_FromSize_t(self->entries ? self->entries->size() : 0);
}

int dispatcherTraverse(PyObject *obj, visitproc visit, void *arg) {
  auto *self = reinterpret_cast<DispatcherObject *>(obj);
  Py_VISIT(self->configs);
  if (self->entries)
    for (Entry &e : *self->entries)
      Py_VISIT(e.kernel);
  return 0;
}

int dispatcherClear(PyObject *obj) {
  auto *self = reinterpret_cast<DispatcherObject *>(obj);
  Py_CLEAR(self->configs);
  clearEntries(self);
  return 0;
}

void dispatcherDealloc(PyObject *obj) {
  auto *self = reinterpret_cast<DispatcherObject *>(obj);
  PyObject_GC_UnTrack(obj);
  dispatcherClear(obj);
  delete self->entries;
  self->entries = nullptr;
  freeHeapInstance(obj);
}

PyMethodDef dispatcherMethods[] = {
    {"_dispatch_init", dispatcherInit, METH_O,
     "_dispatch_init(nparams): sets the parameter count and empties the dispatch table and "
     "the launch configurations."},
    {"_dispatch_entries", dispatcherEntries, METH_NOARGS,
     "_dispatch_entries() -> overloads the launch fast path knows (for tests)."},
    {nullptr, nullptr, 0, nullptr}};

PyType_Slot dispatcherSlots[] = {
    {Py_mp_subscript, reinterpret_cast<void *>(dispatcherSubscript)},
    {Py_tp_traverse, reinterpret_cast<void *>(dispatcherTraverse)},
    {Py_tp_clear, reinterpret_cast<void *>(dispatcherClear)},
    {Py_tp_dealloc, reinterpret_cast<void *>(dispatcherDealloc)},
    {Py_tp_methods, dispatcherMethods},
    {Py_tp_doc, const_cast<char *>("The C++ base of pyjit's kernel object: kernel[config] and "
                                   "the launch fast path.")},
    {0, nullptr}};

PyType_Spec dispatcherSpec = {"pyjit._pyjit.DispatcherBase", sizeof(DispatcherObject), 0,
                              Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
                              dispatcherSlots};

} // namespace

PyObject *python::registerLaunchType(PyObject *, PyObject *args) {
  PyObject *type, *reader = Py_None, *currentStream = Py_None;
  const char *kindName;
  if (!PyArg_ParseTuple(args, "Os|OO", &type, &kindName, &reader, &currentStream))
    return nullptr;
  if (!PyType_Check(type)) {
    PyErr_SetString(PyExc_TypeError, "register_launch_type: expected a type");
    return nullptr;
  }
  ArgKind kind;
  if (!std::strcmp(kindName, "scalar"))
    kind = ArgKind::Scalar;
  else if (!std::strcmp(kindName, "abi")) {
    if (!isArrayAbiType(reinterpret_cast<PyTypeObject *>(type))) {
      PyErr_SetString(PyExc_TypeError, "register_launch_type: an 'abi' type derives from "
                                       "_pyjit.ArrayAbi");
      return nullptr;
    }
    kind = ArgKind::Abi;
  }
  else if (!std::strcmp(kindName, "cupy"))
    kind = ArgKind::CuPy;
  else if (!std::strcmp(kindName, "torch"))
    kind = ArgKind::Torch;
  else {
    PyErr_Format(PyExc_ValueError, "register_launch_type: unknown kind '%s'", kindName);
    return nullptr;
  }
  const dlpack::DLPackExchangeAPI *api = nullptr;
  if (reader != Py_None && PyCapsule_CheckExact(reader)) {
    void *header = PyCapsule_GetPointer(reader, dlpack::kExchangeApiCapsule);
    api = header ? dlpack::exchangeApiV1(static_cast<dlpack::DLPackExchangeAPIHeader *>(header))
                 : nullptr;
    if (!api) {
      PyErr_Clear();
      PyErr_Format(PyExc_ValueError, "register_launch_type: the capsule is not a DLPack "
                   "exchange API ('%s') of major version 1 with dltensor_from_py_object_no_sync",
                   dlpack::kExchangeApiCapsule);
      return nullptr;
    }
  }
  if ((kind == ArgKind::Torch) != (reader != Py_None) ||
      (reader != Py_None && !api && !PyCallable_Check(reader))) {
    PyErr_SetString(PyExc_TypeError, "register_launch_type: a 'torch' type, and only it, "
                                     "takes a reader (torch.utils.dlpack.to_dlpack or the "
                                     "type's __dlpack_c_exchange_api__ capsule)");
    return nullptr;
  }
  if (currentStream != Py_None &&
      (!PyCallable_Check(currentStream) || (kind != ArgKind::CuPy && kind != ArgKind::Torch))) {
    PyErr_SetString(PyExc_TypeError, "register_launch_type: current_stream is a callable "
                                     "(taking a device ordinal, returning a CUstream as an "
                                     "int), for a 'cupy' or 'torch' type");
    return nullptr;
  }
  if (!entryOf(reinterpret_cast<PyTypeObject *>(type))) {
    Py_INCREF(type);
    Py_XINCREF(reader == Py_None ? nullptr : reader);
    Py_XINCREF(currentStream == Py_None ? nullptr : currentStream);
    TypeEntry entry{reinterpret_cast<PyTypeObject *>(type), kind};
    entry.reader = reader == Py_None ? nullptr : reader;
    entry.api = api;
    entry.currentStream = currentStream == Py_None ? nullptr : currentStream;
    registry().types.push_back(entry);
  }
  Py_RETURN_NONE;
}

bool python::foreignProducerStream(PyObject *arg, uint64_t &stream, bool &has) {
  const TypeEntry *entry = entryOf(Py_TYPE(arg));
  has = false;
  if (!entry || (entry->kind != ArgKind::CuPy && entry->kind != ArgKind::Torch))
    return true;
  // An array on another device than the selected one: its library's stream
  // there is in another context; the launch does not order after it.
  static PyObject *sDevice = PyUnicode_InternFromString("__dlpack_device__");
  PyObject *device = PyObject_CallMethodObjArgs(arg, sDevice, nullptr);
  long ordinal = -1;
  if (device && PyTuple_Check(device) && PyTuple_Size(device) == 2)
    ordinal = PyLong_AsLong(PyTuple_GetItem(device, 1));
  Py_XDECREF(device);
  PyErr_Clear();
  if (ordinal != runtime::selectedDevice())
    return true;
  return producerStream(*entry, stream, has);
}

PyObject *python::launchTypeReader(PyObject *, PyObject *type) {
  const TypeEntry *entry =
      PyType_Check(type) ? entryOf(reinterpret_cast<PyTypeObject *>(type)) : nullptr;
  if (!entry)
    Py_RETURN_NONE;
  static const char *const names[] = {"scalar", "abi", "cupy", "torch"};
  const char *name = names[static_cast<int>(entry->kind)];
  if (entry->kind == ArgKind::Torch)
    name = entry->api ? "torch: dlpack_c_exchange_api" : "torch: to_dlpack";
  return PyUnicode_FromString(name);
}

PyObject *python::registerRawScalar(PyObject *, PyObject *args) {
  PyObject *sample;
  const char *kind;
  unsigned itemsize;
  const char *expected;
  Py_ssize_t expectedSize;
  if (!PyArg_ParseTuple(args, "OsIy#", &sample, &kind, &itemsize, &expected, &expectedSize))
    return nullptr;
  // Only b/i/u/f values up to 8 bytes whose bytes are where NumPy puts them.
  bool ok = std::strchr("biuf", kind[0]) && kind[0] && itemsize <= 8 &&
            expectedSize == static_cast<Py_ssize_t>(itemsize) &&
            std::memcmp(reinterpret_cast<const char *>(sample) + kScalarValueOffset, expected,
                        itemsize) == 0;
  TypeEntry *entry = ok ? entryOf(Py_TYPE(sample)) : nullptr;
  if (entry && entry->kind == ArgKind::Scalar) { // registered as a scalar first
    entry->rawKind = kind[0];
    entry->rawBytes = itemsize;
  }
  ok = ok && entry;
  return PyBool_FromLong(ok);
}

bool python::addDispatchTypes(PyObject *module) {
  // From Python 3.12, where the limited API has vectorcall, the interpreter
  // calls the launcher without building an argument tuple.
  PyType_Slot *members = launcherSlots;
  while (members->slot != Py_tp_members)
    ++members;
  if (Py_Version >= 0x030C0000) {
    launcherSpec.flags |= kTpflagsHaveVectorcall;
    members->pfunc = launcherMembers;
  } else {
    *members = {0, nullptr};
  }
  PyObject *launcher = PyType_FromSpec(&launcherSpec);
  if (!launcher)
    return false;
  launcherType = reinterpret_cast<PyTypeObject *>(launcher);
  Py_INCREF(launcher); // kept for makeLauncher
  if (PyModule_AddObject(module, "Launcher", launcher) < 0)
    return false;
  PyObject *base = PyType_FromSpec(&dispatcherSpec);
  return base && PyModule_AddObject(module, "DispatcherBase", base) == 0;
}
