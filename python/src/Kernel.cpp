//===- Kernel.cpp - The Kernel type: a loaded cubin function and its launcher ===//
//
// Kernel(cubin: bytes, entry: str, argtypes: tuple[str], index32=False,
//        cpu=False, cooperative=False)
// loads the cubin (cuModuleLoadData) and prepares an argument packer from
// the parameter types; launch(grid, block, shared_bytes, stream, args) packs
// the arguments per docs/abi.md and calls cuLaunchKernel. A kernel compiled
// for 32-bit index arithmetic (index32) is not launched when an array
// argument is too large for it: launch() returns False and the caller
// launches the 64-bit variant instead. With cpu=True the image is host
// bitcode for the CPU backend (runtime/CpuModule.h) and launches run here.
// A cooperative kernel (one that synchronizes its grid, cuda.cg) is
// launched with cuLaunchCooperativeKernel.
//
//===----------------------------------------------------------------------===//
#include "Extension.h"
#include "HeapType.h"
#include "KernelLaunch.h"
#include "pyjit/ir/Signature.h"
#include "pyjit/runtime/Launch.h"
#include "pyjit/runtime/CpuModule.h"
#include "pyjit/runtime/LoadedModule.h"
#include "pyjit/runtime/Memory.h"
#include "pyjit/runtime/Occupancy.h"
#include "pyjit/runtime/Stream.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/APFloat.h"
#include <csignal>
#include <cstring>
#include <memory>
#include <vector>

using namespace pyjit;

namespace {

/// How one Python argument becomes kernel parameters.
struct ParamSpec {
  /// Pointer: numba's CPointer(dtype), an int address packed as a 1-d
  /// array's three parameters (address, extent 0, item size; docs/abi.md).
  enum class Kind { Int, UInt, Float, Complex, Bool, Array, Pointer } kind;
  unsigned bytes = 8;    // scalar width, or array item size
  unsigned ndim = 0;     // arrays
  bool contiguous = false; // C layout: the last stride must be the item size
  bool fortran = false;    // F layout: the first stride must be
  char typeKind = 0;     // NumPy kind of an array's dtype: 'f', 'i', 'u', 'b', 'V' (records),
                         // 'M'/'m' (datetime64/timedelta64, an int64 count of `unit`)
  std::string unit;      // of a datetime64/timedelta64 array: "D", "s", ...
  bool bfloat16 = false; // a bfloat16 (kind 'V': ml_dtypes' typestr is '<V2')
  std::string typeName; // for messages
};

struct KernelObject {
  PyObject_HEAD
  runtime::LoadedModule *module; // GPU kernels
  runtime::CpuModule *cpu;       // CPU-backend kernels
  void *function;
  std::vector<ParamSpec> *params;
  std::string *name;
  unsigned slots; // kernel parameters in all
  bool index32;   // compiled assuming every array argument spans < 2^31 bytes
  bool cooperative; // synchronizes its grid: cuLaunchCooperativeKernel
};

constexpr unsigned kMaxSlots = 512;

PyTypeObject *kernelType = nullptr; // set by addKernelType

/// Kernel parameters one argument takes (docs/abi.md).
unsigned slotsOf(const ParamSpec &spec) {
  if (spec.kind == ParamSpec::Kind::Array || spec.kind == ParamSpec::Kind::Pointer)
    return 1 + 2 * spec.ndim;
  return spec.kind == ParamSpec::Kind::Complex ? 2 : 1;
}

bool specFromType(ir::Type *t, ParamSpec &spec) {
  spec.typeName = t->str();
  ir::Type *scalar = t;
  if (auto *at = llvm::dyn_cast<ir::ArrayType>(t)) {
    spec.kind = at->isPointer() ? ParamSpec::Kind::Pointer : ParamSpec::Kind::Array;
    spec.ndim = at->ndim();
    spec.contiguous = at->layout() == ir::Layout::C;
    spec.fortran = at->layout() == ir::Layout::F;
    scalar = at->dtype();
  }
  unsigned bytes;
  char kind;
  ParamSpec::Kind scalarKind;
  if (llvm::isa<ir::BoolType>(scalar)) {
    bytes = 1, kind = 'b', scalarKind = ParamSpec::Kind::Bool;
  } else if (auto *it = llvm::dyn_cast<ir::IntType>(scalar)) {
    bytes = it->bits() / 8, kind = it->isSigned() ? 'i' : 'u';
    scalarKind = it->isSigned() ? ParamSpec::Kind::Int : ParamSpec::Kind::UInt;
  } else if (auto *ft = llvm::dyn_cast<ir::FloatType>(scalar)) {
    bytes = ft->bits() / 8, kind = ft->isBFloat16() ? 'V' : 'f';
    scalarKind = ParamSpec::Kind::Float;
    spec.bfloat16 = ft->isBFloat16();
  } else if (auto *dt = llvm::dyn_cast<ir::DatetimeType>(scalar)) {
    // The count, an int64 (Python converts a NumPy datetime64 scalar to it).
    bytes = 8, kind = dt->isTimedelta() ? 'm' : 'M', scalarKind = ParamSpec::Kind::Int;
    spec.unit = dt->unit().str();
  } else if (auto *ct = llvm::dyn_cast<ir::ComplexType>(scalar)) {
    bytes = ct->bits() / 8, kind = 'c', scalarKind = ParamSpec::Kind::Complex;
  } else if (auto *rt = llvm::dyn_cast<ir::RecordType>(scalar); rt && spec.kind ==
                                                                          ParamSpec::Kind::Array) {
    // A record array: its typestr is '|V<size>' (the fields were matched when
    // the overload was chosen by type).
    bytes = static_cast<unsigned>(rt->size()), kind = 'V', scalarKind = ParamSpec::Kind::Array;
  } else if (auto *cs = llvm::dyn_cast<ir::CharSeqType>(scalar); cs && spec.kind ==
                                                                       ParamSpec::Kind::Array) {
    // A bytes or str array: typestr '|S<bytes>' or '<U<characters>'.
    bytes = cs->count() * cs->charBytes(), kind = cs->unicode() ? 'U' : 'S';
    scalarKind = ParamSpec::Kind::Array;
  } else {
    return false;
  }
  spec.bytes = bytes;
  spec.typeKind = kind;
  if (spec.kind != ParamSpec::Kind::Array && spec.kind != ParamSpec::Kind::Pointer)
    spec.kind = scalarKind;
  return true;
}

/// Whether Python's SIGINT handler is its default, signal.default_int_handler
/// (raise KeyboardInterrupt). Errors are cleared: false then.
bool defaultCtrlC() {
  // Not a function-local static initialized by the import: importing runs
  // Python code, which may hand the GIL to a thread that then waits on the
  // static's guard while holding the GIL (a deadlock of concurrent first
  // launches). The GIL orders these plain reads and writes.
  static PyObject *signal = nullptr; // (kept: sys.modules holds it too)
  if (!signal)
    signal = PyImport_ImportModule("signal");
  if (!signal) {
    PyErr_Clear();
    return false;
  }
  PyObject *handler = PyObject_CallMethod(signal, "getsignal", "i", SIGINT);
  PyObject *dflt = handler ? PyObject_GetAttrString(signal, "default_int_handler") : nullptr;
  bool same = dflt && handler == dflt;
  Py_XDECREF(handler);
  Py_XDECREF(dflt);
  PyErr_Clear();
  return same;
}

PyObject *kernelNew(PyTypeObject *type, PyObject *args, PyObject *) {
  const char *cubin;
  Py_ssize_t cubinSize;
  PyObject *entryObj, *typesObj;
  int index32 = 0, cpu = 0, cooperative = 0;
  if (!PyArg_ParseTuple(args, "y#OO|ppp", &cubin, &cubinSize, &entryObj, &typesObj, &index32,
                        &cpu, &cooperative))
    return nullptr;
  auto entry = python::toUtf8(entryObj, "entry");
  if (!entry)
    return nullptr;
  if (!PyTuple_Check(typesObj)) {
    PyErr_SetString(PyExc_TypeError, "argtypes must be a tuple of str");
    return nullptr;
  }
  auto params = std::make_unique<std::vector<ParamSpec>>();
  ir::TypeContext ctx;
  unsigned slots = 0;
  for (Py_ssize_t i = 0; i < PyTuple_Size(typesObj); ++i) {
    auto text = python::toUtf8(PyTuple_GetItem(typesObj, i), "argument type");
    if (!text)
      return nullptr;
    auto t = ir::parseType(ctx, *text);
    if (!t) {
      PyErr_SetString(PyExc_TypeError, llvm::toString(t.takeError()).c_str());
      return nullptr;
    }
    ParamSpec spec{};
    if (!specFromType(*t, spec)) {
      PyErr_Format(PyExc_TypeError, "type %s cannot be a kernel parameter", text->c_str());
      return nullptr;
    }
    slots += slotsOf(spec);
    params->push_back(spec);
  }
  if (slots > kMaxSlots) {
    PyErr_Format(PyExc_TypeError, "a kernel may take at most %u parameter slots", kMaxSlots);
    return nullptr;
  }
  std::unique_ptr<runtime::LoadedModule> gpuModule;
  std::unique_ptr<runtime::CpuModule> cpuModule;
  void *function = nullptr;
  if (cpu) {
    auto loaded = runtime::CpuModule::load(llvm::ArrayRef<char>(cubin, cubinSize), *entry);
    if (!loaded)
      return python::raiseRuntime(loaded.takeError());
    cpuModule = std::move(*loaded);
  } else {
    auto module = runtime::LoadedModule::load(llvm::ArrayRef<char>(cubin, cubinSize));
    if (!module)
      return python::raiseRuntime(module.takeError());
    auto fn = (*module)->getFunction(*entry);
    if (!fn)
      return python::raiseRuntime(fn.takeError());
    // Launches may ask for the device's opt-in dynamic shared memory.
    if (llvm::Error err = runtime::allowOptInSharedMemory(*fn))
      return python::raiseRuntime(std::move(err));
    gpuModule = std::move(*module);
    function = *fn;
  }
  auto *allocFn = reinterpret_cast<allocfunc>(PyType_GetSlot(type, Py_tp_alloc));
  auto *self = reinterpret_cast<KernelObject *>(allocFn(type, 0));
  if (!self)
    return nullptr;
  self->module = gpuModule.release();
  self->cpu = cpuModule.release();
  self->function = function;
  self->params = params.release();
  self->name = new std::string(*entry);
  self->slots = slots;
  self->index32 = index32 != 0;
  self->cooperative = cooperative != 0;
  return reinterpret_cast<PyObject *>(self);
}

void kernelDealloc(PyObject *obj) {
  auto *self = reinterpret_cast<KernelObject *>(obj);
  delete self->module;
  delete self->cpu;
  delete self->params;
  delete self->name;
  python::freeHeapInstance(obj);
}

bool readDim3(PyObject *obj, runtime::Dim3 &dim, const char *what) {
  if (!PyTuple_Check(obj) || PyTuple_Size(obj) != 3) {
    PyErr_Format(PyExc_TypeError, "%s must be a tuple of 3 ints", what);
    return false;
  }
  unsigned long v[3];
  for (int i = 0; i < 3; ++i) {
    v[i] = PyLong_AsUnsignedLong(PyTuple_GetItem(obj, i));
    if (PyErr_Occurred())
      return false;
  }
  dim = {static_cast<unsigned>(v[0]), static_cast<unsigned>(v[1]), static_cast<unsigned>(v[2])};
  return true;
}

// pyjit's DeviceArray carries its parameters ready made: `_pyjit_abi` is
// (data, extents..., strides...). Returns 1 if packed, 0 if the object has
// none, -1 on error (set).
int packAbiTuple(PyObject *arg, const ParamSpec &spec, Py_ssize_t index, uint64_t *slot) {
  static PyObject *name = PyUnicode_InternFromString("_pyjit_abi");
  PyObject *abi = PyObject_GetAttr(arg, name);
  if (!abi) {
    PyErr_Clear();
    return 0;
  }
  int result = 0;
  Py_ssize_t n = PyTuple_Check(abi) ? PyTuple_Size(abi) : -1;
  // DeviceArray: (parameters packed as little-endian int64 bytes, type string).
  if (n == 2 && PyBytes_Check(PyTuple_GetItem(abi, 0))) {
    PyObject *packed = PyTuple_GetItem(abi, 0);
    Py_ssize_t words = PyBytes_Size(packed) / 8;
    if (words == static_cast<Py_ssize_t>(1 + 2 * spec.ndim)) {
      std::memcpy(slot, PyBytes_AsString(packed), words * 8);
      result = 1;
    } else {
      PyErr_Format(PyExc_TypeError, "argument %zd: expected a %u-d array (%s), got %zd-d", index,
                   spec.ndim, spec.typeName.c_str(), (words - 1) / 2);
      result = -1;
    }
    Py_DECREF(abi);
    return result;
  }
  if (n == static_cast<Py_ssize_t>(1 + 2 * spec.ndim)) {
    result = 1;
    for (Py_ssize_t k = 0; k < n; ++k) {
      slot[k] = PyLong_AsUnsignedLongLong(PyTuple_GetItem(abi, k));
      if (slot[k] == static_cast<uint64_t>(-1) && PyErr_Occurred()) {
        PyErr_Clear(); // negative strides: read them as signed
        long long v = PyLong_AsLongLong(PyTuple_GetItem(abi, k));
        if (v == -1 && PyErr_Occurred()) {
          result = -1;
          break;
        }
        slot[k] = static_cast<uint64_t>(v);
      }
    }
  } else if (n >= 0) {
    PyErr_Format(PyExc_TypeError, "argument %zd: expected a %u-d array (%s), got %zd-d", index,
                 spec.ndim, spec.typeName.c_str(), (n - 1) / 2);
    result = -1;
  }
  Py_DECREF(abi);
  return result;
}

// Packs an object with __cuda_array_interface__ into 1 + 2*ndim slots. The
// stream the launch must wait for (CAI v3's "stream": 1 the legacy default
// stream, 2 the per-thread one, else a CUstream) is added to `producers`.
bool packArray(PyObject *arg, const ParamSpec &spec, Py_ssize_t index, uint64_t *slot,
               llvm::SmallVectorImpl<uint64_t> &producers) {
  if (int fast = packAbiTuple(arg, spec, index, slot))
    return fast > 0;
  uint64_t producer = 0;
  bool hasProducer = false;
  if (!python::foreignProducerStream(arg, producer, hasProducer))
    return false;
  PyObject *cai = PyObject_GetAttrString(arg, "__cuda_array_interface__");
  if (!cai) {
    PyErr_Clear();
    PyErr_Format(PyExc_TypeError, "argument %zd: expected a device array (%s), got %s", index,
                 spec.typeName.c_str(), Py_TYPE(arg) == nullptr ? "?" : "an object without __cuda_array_interface__");
    return false;
  }
  bool ok = false;
  do {
    PyObject *data = PyDict_GetItemString(cai, "data");
    PyObject *shape = PyDict_GetItemString(cai, "shape");
    PyObject *strides = PyDict_GetItemString(cai, "strides");
    PyObject *typestr = PyDict_GetItemString(cai, "typestr");
    if (!data || !shape || !typestr || !PyTuple_Check(data) || !PyTuple_Check(shape)) {
      PyErr_Format(PyExc_TypeError, "argument %zd: malformed __cuda_array_interface__", index);
      break;
    }
    if (PyTuple_Size(shape) != static_cast<Py_ssize_t>(spec.ndim)) {
      PyErr_Format(PyExc_TypeError, "argument %zd: expected a %u-d array (%s), got %zd-d", index,
                   spec.ndim, spec.typeName.c_str(), PyTuple_Size(shape));
      break;
    }
    auto ts = python::toUtf8(typestr, "typestr");
    if (!ts)
      break;
    if (ts->size() < 3 || (*ts)[1] != spec.typeKind ||
        std::atoi(ts->c_str() + 2) !=
            static_cast<int>(spec.typeKind == 'U' ? spec.bytes / 4 : spec.bytes) ||
        (!spec.unit.empty() && !llvm::StringRef(*ts).ends_with("[" + spec.unit + "]"))) {
      PyErr_Format(PyExc_TypeError, "argument %zd: expected %s, got an array of typestr '%s'",
                   index, spec.typeName.c_str(), ts->c_str());
      break;
    }
    slot[0] = PyLong_AsUnsignedLongLong(PyTuple_GetItem(data, 0));
    if (PyErr_Occurred())
      break;
    int64_t expected = spec.bytes;
    bool bad = false;
    for (int d = static_cast<int>(spec.ndim) - 1; d >= 0 && !bad; --d) {
      int64_t extent = PyLong_AsLongLong(PyTuple_GetItem(shape, d));
      int64_t stride = expected;
      if (strides && strides != Py_None) {
        stride = PyLong_AsLongLong(PyTuple_GetItem(strides, d));
        if (spec.contiguous && d == static_cast<int>(spec.ndim) - 1 && stride != spec.bytes &&
            extent > 1) {
          PyErr_Format(PyExc_TypeError, "argument %zd: expected a C-contiguous array (%s)", index,
                       spec.typeName.c_str());
          bad = true;
        }
      }
      slot[1 + d] = static_cast<uint64_t>(extent);
      slot[1 + spec.ndim + d] = static_cast<uint64_t>(stride);
      expected *= extent;
    }
    if (!bad && spec.fortran && spec.ndim > 1 && slot[1] > 1 &&
        slot[1 + spec.ndim] != spec.bytes) {
      PyErr_Format(PyExc_TypeError, "argument %zd: expected a Fortran-contiguous array (%s)",
                   index, spec.typeName.c_str());
      bad = true;
    }
    if (bad || PyErr_Occurred())
      break;
    // Items at multiples of their size, as the GPU's loads need (a record
    // array's items and bytes: any address; str items: their characters').
    unsigned align = spec.bfloat16                                ? 2
                     : spec.typeKind == 'V' || spec.typeKind == 'S' ? 1
                     : spec.typeKind == 'U'                       ? 4
                                                                  : spec.bytes;
    bool misaligned = slot[0] % align != 0;
    for (unsigned d = 0; d < spec.ndim && !misaligned; ++d)
      misaligned = slot[1 + d] > 1 &&
                   static_cast<int64_t>(slot[1 + spec.ndim + d]) % static_cast<int64_t>(align) != 0;
    if (misaligned) {
      PyErr_Format(PyExc_TypeError,
                   "argument %zd: the array's items are not aligned to their %s%u bytes (data "
                   "pointer %p, or a stride not a multiple of %u): GPU loads of them "
                   "would fault",
                   index, spec.typeKind == 'U' ? "characters' " : "", align,
                   reinterpret_cast<void *>(static_cast<uintptr_t>(slot[0])), align);
      break;
    }
    PyObject *stream = PyDict_GetItemString(cai, "stream");
    if (!hasProducer && stream && PyLong_Check(stream)) {
      producer = PyLong_AsUnsignedLongLong(stream);
      hasProducer = !PyErr_Occurred() && producer != 0; // 0 is not a CAI v3 value
      PyErr_Clear();
    }
    if (hasProducer && !llvm::is_contained(producers, producer))
      producers.push_back(producer);
    ok = true;
  } while (false);
  Py_DECREF(cai);
  return ok;
}

/// `arg` as a Python int (new reference): ints, objects with __index__
/// (NumPy integers), and NumPy bools (which have no __index__) as 0 or 1.
/// Null with an exception set for anything else.
PyObject *integerOf(PyObject *arg) {
  if (PyLong_Check(arg)) {
    Py_INCREF(arg);
    return arg;
  }
  PyObject *asInt = PyNumber_Index(arg);
  if (asInt || !PyErr_ExceptionMatches(PyExc_TypeError))
    return asInt;
  PyErr_Clear();
  bool numpyBool = false;
  if (PyObject *dtype = PyObject_GetAttrString(arg, "dtype")) {
    if (PyObject *kind = PyObject_GetAttrString(dtype, "kind")) {
      numpyBool = PyUnicode_Check(kind) && PyUnicode_CompareWithASCIIString(kind, "b") == 0;
      Py_DECREF(kind);
    }
    Py_DECREF(dtype);
  }
  PyErr_Clear();
  if (!numpyBool) {
    PyErr_SetString(PyExc_TypeError, "not an integer");
    return nullptr;
  }
  int truth = PyObject_IsTrue(arg);
  return truth < 0 ? nullptr : PyLong_FromLong(truth);
}

bool packScalar(PyObject *arg, const ParamSpec &spec, Py_ssize_t index, uint64_t *slot) {
  *slot = 0;
  switch (spec.kind) {
  case ParamSpec::Kind::Float: {
    if (spec.bfloat16 && PyLong_Check(arg)) {
      // An int of 64 bits rounds to bfloat16 once (through float64 an int
      // past 2**53 would round twice).
      int overflow = 0;
      long long v = PyLong_AsLongLongAndOverflow(arg, &overflow);
      bool fits = !overflow && !(v == -1 && PyErr_Occurred());
      unsigned long long u = 0;
      if (overflow > 0) { // 2**63 up to 2**64 - 1
        u = PyLong_AsUnsignedLongLong(arg);
        fits = !PyErr_Occurred();
      }
      PyErr_Clear();
      if (fits) {
        llvm::APFloat h(llvm::APFloat::BFloat());
        h.convertFromAPInt(llvm::APInt(64, overflow > 0 ? u : static_cast<uint64_t>(v),
                                       overflow == 0),
                           overflow == 0, llvm::APFloat::rmNearestTiesToEven);
        uint16_t bits = static_cast<uint16_t>(h.bitcastToAPInt().getZExtValue());
        std::memcpy(slot, &bits, 2);
        return true;
      }
    }
    double d = PyFloat_AsDouble(arg);
    if (d == -1.0 && PyErr_Occurred())
      break;
    if (spec.bytes == 2) {
      // float16: IEEE half; bfloat16: float32's exponent, 7 fraction bits;
      // rounded to nearest even (as numpy.float16(d), ml_dtypes.bfloat16(d)).
      llvm::APFloat h(d);
      bool lost;
      h.convert(spec.bfloat16 ? llvm::APFloat::BFloat() : llvm::APFloat::IEEEhalf(),
                llvm::APFloat::rmNearestTiesToEven, &lost);
      uint16_t bits = static_cast<uint16_t>(h.bitcastToAPInt().getZExtValue());
      std::memcpy(slot, &bits, 2);
    } else if (spec.bytes == 4) {
      float f = static_cast<float>(d);
      std::memcpy(slot, &f, 4);
    } else {
      std::memcpy(slot, &d, 8);
    }
    return true;
  }
  case ParamSpec::Kind::Complex: {
    // Two parameters: the real and the imaginary part, each of half the width.
    // numpy.complex64 is no Python complex: convert through complex(arg)
    // (PyComplex_RealAsDouble would drop its imaginary part).
    PyObject *z = PyComplex_Check(arg)
                      ? (Py_INCREF(arg), arg)
                      : PyObject_CallFunctionObjArgs(reinterpret_cast<PyObject *>(&PyComplex_Type),
                                                     arg, nullptr);
    if (!z)
      break;
    double re = PyComplex_RealAsDouble(z);
    double im = PyComplex_ImagAsDouble(z);
    Py_DECREF(z);
    if (spec.bytes == 8) {
      float fr = static_cast<float>(re), fi = static_cast<float>(im);
      std::memcpy(slot, &fr, 4);
      slot[1] = 0;
      std::memcpy(slot + 1, &fi, 4);
    } else {
      std::memcpy(slot, &re, 8);
      std::memcpy(slot + 1, &im, 8);
    }
    return true;
  }
  case ParamSpec::Kind::Int:
  case ParamSpec::Kind::UInt: {
    // The value must fit the parameter's type: an int64 argument passed to
    // an int32 parameter of an explicit signature is not truncated.
    uint64_t bits;
    bool fits;
    if (spec.kind == ParamSpec::Kind::UInt) {
      // PyLong_AsUnsignedLongLong takes ints only: NumPy integers through __index__.
      PyObject *asInt = integerOf(arg);
      if (!asInt)
        break;
      unsigned long long v = PyLong_AsUnsignedLongLong(asInt);
      Py_DECREF(asInt);
      if (v == static_cast<unsigned long long>(-1) && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError))
          break;
        PyErr_Clear(); // negative: does not fit
        PyErr_Format(PyExc_OverflowError, "argument %zd: %S does not fit %s", index, arg,
                     spec.typeName.c_str());
        return false;
      }
      bits = v;
      fits = spec.bytes == 8 || v < (1ULL << (8 * spec.bytes));
    } else {
      PyObject *asInt = integerOf(arg);
      if (!asInt)
        break;
      long long v = PyLong_AsLongLong(asInt);
      Py_DECREF(asInt);
      if (v == -1 && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError))
          break;
        PyErr_Clear(); // beyond int64: does not fit any signed parameter
        PyErr_Format(PyExc_OverflowError, "argument %zd: %S does not fit %s", index, arg,
                     spec.typeName.c_str());
        return false;
      }
      bits = static_cast<uint64_t>(v);
      long long bound = spec.bytes == 8 ? 0 : 1LL << (8 * spec.bytes - 1);
      fits = spec.bytes == 8 || (v >= -bound && v < bound);
    }
    if (!fits) {
      PyErr_Format(PyExc_OverflowError, "argument %zd: %S does not fit %s", index, arg,
                   spec.typeName.c_str());
      return false;
    }
    std::memcpy(slot, &bits, spec.bytes); // little-endian: the low bytes
    return true;
  }
  case ParamSpec::Kind::Bool: {
    int v = PyObject_IsTrue(arg);
    if (v < 0)
      break;
    *reinterpret_cast<uint8_t *>(slot) = static_cast<uint8_t>(v);
    return true;
  }
  case ParamSpec::Kind::Pointer: {
    // An address (the Python dispatcher checked the first launch's; the
    // fast path repeats the cheap checks): 0, the null pointer, or 65536 up.
    if (PyBool_Check(arg))
      break;
    PyObject *asInt = integerOf(arg);
    if (!asInt)
      break;
    unsigned long long address = PyLong_AsUnsignedLongLong(asInt);
    Py_DECREF(asInt);
    if (address == static_cast<unsigned long long>(-1) && PyErr_Occurred())
      break;
    if (address && address < 65536) {
      PyErr_Format(PyExc_TypeError, "argument %zd: %S is not an address of memory (%s)", index,
                   arg, spec.typeName.c_str());
      return false;
    }
    slot[0] = address;
    slot[1] = 0;
    slot[2] = spec.bytes;
    return true;
  }
  case ParamSpec::Kind::Array:
    break;
  }
  PyErr_Clear();
  PyErr_Format(PyExc_TypeError, "argument %zd: expected %s, got %.200R", index,
               spec.typeName.c_str(), arg);
  return false;
}

/// Does the packed array (data, extents, byte strides) suit a kernel
/// compiled with 32-bit index arithmetic? Every extent must be below
/// 2^31 / itemsize (the range the compiler assumes) and every in-bounds
/// byte offset below 2^31 (EmitOptions::index32).
bool fitsIndex32(const ParamSpec &spec, const uint64_t *slot) {
  const uint64_t limit = uint64_t(1) << 31;
  uint64_t span = spec.bytes;
  for (unsigned d = 0; d < spec.ndim; ++d) {
    uint64_t extent = slot[1 + d];
    int64_t stride = static_cast<int64_t>(slot[1 + spec.ndim + d]);
    if (extent > limit / spec.bytes)
      return false;
    if (extent == 0)
      return true; // an empty array has no element to address
    uint64_t magnitude = stride < 0 ? 0 - static_cast<uint64_t>(stride) : static_cast<uint64_t>(stride);
    if (magnitude >= limit)
      return false;
    span += (extent - 1) * magnitude;
    if (span >= limit)
      return false;
  }
  return true;
}

// launch(grid, block, shared_bytes, stream, args) -> None, or False when an
// index32 kernel cannot take these arrays (nothing was launched).
PyObject *kernelLaunch(PyObject *obj, PyObject *const *args, Py_ssize_t nargs) {
  auto *self = reinterpret_cast<KernelObject *>(obj);
  if (nargs != 5 || !PyTuple_Check(args[4])) {
    PyErr_SetString(PyExc_TypeError, "launch(grid, block, shared_bytes, stream, args: tuple)");
    return nullptr;
  }
  runtime::Dim3 grid, block;
  if (!readDim3(args[0], grid, "grid") || !readDim3(args[1], block, "block"))
    return nullptr;
  unsigned long shared = PyLong_AsUnsignedLong(args[2]);
  unsigned long long stream = PyLong_AsUnsignedLongLong(args[3]);
  if (PyErr_Occurred())
    return nullptr;
  PyObject *tuple = args[4];
  const std::vector<ParamSpec> &params = *self->params;
  if (PyTuple_Size(tuple) != static_cast<Py_ssize_t>(params.size())) {
    PyErr_Format(PyExc_TypeError, "kernel '%s' takes %zu arguments, got %zd", self->name->c_str(),
                 params.size(), PyTuple_Size(tuple));
    return nullptr;
  }
  uint64_t storage[kMaxSlots];
  void *pointers[kMaxSlots];
  unsigned slot = 0;
  llvm::SmallVector<uint64_t, 4> producers;
  for (size_t i = 0; i < params.size(); ++i) {
    PyObject *arg = PyTuple_GetItem(tuple, static_cast<Py_ssize_t>(i));
    const ParamSpec &spec = params[i];
    bool ok = spec.kind == ParamSpec::Kind::Array
                  ? packArray(arg, spec, static_cast<Py_ssize_t>(i), storage + slot, producers)
                  : packScalar(arg, spec, static_cast<Py_ssize_t>(i), storage + slot);
    if (!ok)
      return nullptr;
    if (self->index32 && spec.kind == ParamSpec::Kind::Array && !fitsIndex32(spec, storage + slot))
      Py_RETURN_FALSE;
    slot += slotsOf(spec);
  }
  if (self->cpu) {
    // Ctrl-C stops the launch where Python would raise KeyboardInterrupt for
    // it; a program's own SIGINT handler (asyncio's too) keeps it.
    bool route = defaultCtrlC();
    // A Ctrl-C that came before the launch (while the kernel compiled, say)
    // is only a flag of Python's: raise it now, or the launch would run to
    // its end (forever, for a spinning kernel) before Python looked.
    if (PyErr_CheckSignals() < 0)
      return nullptr;
    // The kernel touches no Python object: other Python threads may run.
    PyThreadState *state = PyEval_SaveThread();
    llvm::Error err =
        self->cpu->launch(grid, block, static_cast<unsigned>(shared), storage, route);
    PyEval_RestoreThread(state);
    if (err)
      return python::raiseRuntime(std::move(err));
    Py_RETURN_NONE;
  }
  for (uint64_t producer : producers)
    if (llvm::Error err = runtime::streamWaitFor(stream, producer))
      return python::raiseRuntime(std::move(err));
  for (unsigned i = 0; i < slot; ++i)
    pointers[i] = &storage[i];
  if (llvm::Error err = runtime::launchKernel(self->function, grid, block,
                                              static_cast<unsigned>(shared),
                                              reinterpret_cast<void *>(stream), pointers,
                                              *self->name, self->cooperative))
    return python::raiseRuntime(std::move(err));
  Py_RETURN_NONE;
}

/// Kernel parameter slots of an argument of type \p t: a tuple's elements'
/// together (they are passed flattened), 0 for a type no parameter takes.
unsigned slotsOfType(ir::Type *t) {
  if (auto *tt = llvm::dyn_cast<ir::TupleType>(t)) {
    unsigned n = 0;
    for (ir::Type *e : tt->elements())
      n += slotsOfType(e);
    return n;
  }
  ParamSpec spec{};
  return specFromType(t, spec) ? slotsOf(spec) : 0;
}

} // namespace

PyObject *python::paramSlots(PyObject *, PyObject *args) {
  PyObject *typesObj;
  if (!PyArg_ParseTuple(args, "O!", &PyTuple_Type, &typesObj))
    return nullptr;
  ir::TypeContext ctx;
  PyObject *out = PyTuple_New(PyTuple_Size(typesObj));
  if (!out)
    return nullptr;
  for (Py_ssize_t i = 0; i < PyTuple_Size(typesObj); ++i) {
    auto text = python::toUtf8(PyTuple_GetItem(typesObj, i), "argument type");
    if (!text) {
      Py_DECREF(out);
      return nullptr;
    }
    auto t = ir::parseType(ctx, *text);
    unsigned n = 0;
    if (t)
      n = slotsOfType(*t);
    else
      llvm::consumeError(t.takeError());
    PyTuple_SetItem(out, i, PyLong_FromUnsignedLong(n));
  }
  PyObject *limit = PyLong_FromUnsignedLong(kMaxSlots);
  PyObject *pair = limit ? PyTuple_Pack(2, out, limit) : nullptr;
  Py_DECREF(out);
  Py_XDECREF(limit);
  return pair;
}

bool python::isKernel(PyObject *obj) {
  return obj && PyObject_TypeCheck(obj, kernelType);
}

bool python::isGpuKernel(PyObject *obj) {
  return isKernel(obj) && reinterpret_cast<KernelObject *>(obj)->module != nullptr;
}

python::PreparedLaunch python::launchPrepared(PyObject *obj, const ReadArg *args, size_t nargs,
                                              runtime::Dim3 grid, runtime::Dim3 block,
                                              unsigned sharedBytes, uint64_t stream) {
  auto *self = reinterpret_cast<KernelObject *>(obj);
  const std::vector<ParamSpec> &params = *self->params;
  if (nargs != params.size() || !self->module) {
    PyErr_Format(PyExc_TypeError, "kernel '%s' takes %zu arguments, got %zu",
                 self->name->c_str(), params.size(), nargs);
    return PreparedLaunch::Error;
  }
  uint64_t storage[kMaxSlots];
  void *pointers[kMaxSlots];
  unsigned slot = 0;
  for (size_t i = 0; i < nargs; ++i) {
    const ParamSpec &spec = params[i];
    if (spec.kind == ParamSpec::Kind::Array) {
      if (!args[i].slots || args[i].ndim != spec.ndim) {
        PyErr_Format(PyExc_TypeError, "argument %zu: expected %s", i, spec.typeName.c_str());
        return PreparedLaunch::Error;
      }
      std::memcpy(storage + slot, args[i].slots, (1 + 2 * spec.ndim) * sizeof(uint64_t));
      if (self->index32 && !fitsIndex32(spec, storage + slot))
        return PreparedLaunch::NeedsWideIndex;
    } else if (args[i].raw && spec.kind != ParamSpec::Kind::Pointer &&
               args[i].rawKind == spec.typeKind && args[i].rawBytes == spec.bytes) {
      storage[slot] = 0; // a NumPy scalar of exactly the parameter's type
      switch (spec.bytes) { // fixed sizes: inlined moves, not a call to memcpy
      case 1: std::memcpy(storage + slot, args[i].raw, 1); break;
      case 2: std::memcpy(storage + slot, args[i].raw, 2); break;
      case 4: std::memcpy(storage + slot, args[i].raw, 4); break;
      default: std::memcpy(storage + slot, args[i].raw, 8); break; // rawBytes <= 8
      }
    } else if (!packScalar(args[i].object, spec, static_cast<Py_ssize_t>(i), storage + slot)) {
      return PreparedLaunch::Error;
    }
    slot += slotsOf(spec);
  }
  for (unsigned i = 0; i < slot; ++i)
    pointers[i] = &storage[i];
  if (llvm::Error err = runtime::launchKernel(self->function, grid, block, sharedBytes,
                                              reinterpret_cast<void *>(stream), pointers,
                                              *self->name, self->cooperative)) {
    python::raiseRuntime(std::move(err));
    return PreparedLaunch::Error;
  }
  return PreparedLaunch::Launched;
}

namespace {

// error_record() -> None, or the words of the kernel's error record
// (docs/abi.md) when a debug check failed; the record is cleared. Call it
// after the launch has finished.
PyObject *kernelErrorRecord(PyObject *obj, PyObject *) {
  auto *self = reinterpret_cast<KernelObject *>(obj);
  if (self->cpu) {
    auto *record = static_cast<uint64_t *>(self->cpu->global("__pyjit_error"));
    if (!record || record[0] == 0)
      Py_RETURN_NONE;
    PyObject *out = PyTuple_New(16);
    if (!out)
      return nullptr;
    for (Py_ssize_t i = 0; i < 16; ++i)
      PyTuple_SetItem(out, i, PyLong_FromLongLong(static_cast<long long>(record[i])));
    std::memset(record, 0, 16 * sizeof(uint64_t));
    return out;
  }
  auto global = self->module->getGlobal("__pyjit_error");
  if (!global)
    return python::raiseRuntime(global.takeError());
  if (!*global)
    Py_RETURN_NONE; // compiled without debug checks
  auto [ptr, bytes] = **global;
  uint64_t words[16] = {};
  size_t n = std::min(bytes, sizeof(words));
  if (llvm::Error err = runtime::memcpyDtoH(words, ptr, n))
    return python::raiseRuntime(std::move(err));
  if (words[0] == 0)
    Py_RETURN_NONE;
  if (llvm::Error err = runtime::memsetD8(ptr, 0, n))
    return python::raiseRuntime(std::move(err));
  PyObject *out = PyTuple_New(static_cast<Py_ssize_t>(n / 8));
  if (!out)
    return nullptr;
  for (size_t i = 0; i < n / 8; ++i)
    PyTuple_SetItem(out, static_cast<Py_ssize_t>(i),
                    PyLong_FromLongLong(static_cast<long long>(words[i])));
  return out;
}

// attributes() -> dict of the loaded kernel's resource usage (cuFuncGetAttribute).
PyObject *kernelAttributes(PyObject *obj, PyObject *) {
  auto *self = reinterpret_cast<KernelObject *>(obj);
  if (!self->module) {
    PyErr_SetString(PyExc_TypeError, "resource usage is known for GPU kernels only");
    return nullptr;
  }
  auto info = runtime::getFunctionInfo(self->function);
  if (!info)
    return python::raiseRuntime(info.takeError());
  return Py_BuildValue("{s:i,s:i,s:i,s:i,s:i,s:i,s:i}", "regs_per_thread", info->numRegs,
                       "shared_mem_per_block", info->staticSharedBytes, "local_mem_per_thread",
                       info->localBytes, "const_mem_size", info->constBytes,
                       "max_threads_per_block", info->maxThreadsPerBlock, "ptx_version",
                       info->ptxVersion, "binary_version", info->binaryVersion);
}

// max_active_blocks(block_size, dynamic_shared_bytes=0, flags=0) -> blocks per multiprocessor.
PyObject *kernelMaxActiveBlocks(PyObject *obj, PyObject *args) {
  auto *self = reinterpret_cast<KernelObject *>(obj);
  int blockSize;
  unsigned long long shared = 0;
  unsigned flags = 0;
  if (!PyArg_ParseTuple(args, "i|KI", &blockSize, &shared, &flags))
    return nullptr;
  if (!self->module) {
    PyErr_SetString(PyExc_TypeError, "occupancy is known for GPU kernels only");
    return nullptr;
  }
  auto blocks = runtime::maxActiveBlocksPerSM(self->function, blockSize, shared, flags);
  if (!blocks)
    return python::raiseRuntime(blocks.takeError());
  return PyLong_FromLong(*blocks);
}

/// The Python callable a running max_potential_block_size asks for each
/// block size's dynamic shared memory; the driver calls back on this thread,
/// with the GIL held.
struct BlockToSharedCall {
  PyObject *callable;
  bool failed; // a Python error is set; later calls return 0 at once
};
thread_local BlockToSharedCall *CurrentBlockToShared = nullptr;

size_t callBlockToShared(int blockSize) {
  BlockToSharedCall *call = CurrentBlockToShared;
  if (call->failed)
    return 0;
  PyObject *result = PyObject_CallFunction(call->callable, "i", blockSize);
  PyObject *index = result ? PyNumber_Index(result) : nullptr;
  size_t bytes = index ? PyLong_AsSize_t(index) : static_cast<size_t>(-1);
  if (bytes == static_cast<size_t>(-1) && PyErr_Occurred()) {
    if (result && (PyErr_ExceptionMatches(PyExc_TypeError) ||
                   PyErr_ExceptionMatches(PyExc_OverflowError))) {
      PyErr_Clear();
      PyErr_Format(PyExc_TypeError,
                   "b2d_func(%d) returned %R: it must return the block's dynamic shared "
                   "memory, a number of bytes (an int >= 0)",
                   blockSize, result);
    }
    call->failed = true;
    bytes = 0;
  }
  Py_XDECREF(index);
  Py_XDECREF(result);
  return bytes;
}

// max_potential_block_size(b2d, dynamic_shared_bytes, block_size_limit, flags=0)
//   -> (min_grid_size, block_size). b2d: None, a C function's address (int) or
//   a Python callable taking a block size and returning bytes.
PyObject *kernelMaxPotentialBlockSize(PyObject *obj, PyObject *args) {
  auto *self = reinterpret_cast<KernelObject *>(obj);
  PyObject *b2d;
  unsigned long long shared;
  int limit;
  unsigned flags = 0;
  if (!PyArg_ParseTuple(args, "OKi|I", &b2d, &shared, &limit, &flags))
    return nullptr;
  if (!self->module) {
    PyErr_SetString(PyExc_TypeError, "occupancy is known for GPU kernels only");
    return nullptr;
  }
  runtime::BlockToDynamicShared function = nullptr;
  BlockToSharedCall call{b2d, false};
  if (PyLong_Check(b2d)) {
    function = reinterpret_cast<runtime::BlockToDynamicShared>(PyLong_AsVoidPtr(b2d));
    if (!function && PyErr_Occurred())
      return nullptr;
  } else if (b2d != Py_None) {
    function = callBlockToShared;
  }
  BlockToSharedCall *outer = CurrentBlockToShared; // b2d_func may itself ask
  CurrentBlockToShared = &call;
  auto result = runtime::maxPotentialBlockSize(self->function, function, shared, limit, flags);
  CurrentBlockToShared = outer;
  if (call.failed) {
    if (!result)
      llvm::consumeError(result.takeError());
    return nullptr;
  }
  if (!result)
    return python::raiseRuntime(result.takeError());
  return Py_BuildValue("(ii)", result->minGridSize, result->blockSize);
}

// set_cache_config(config): cuFuncSetCacheConfig; nothing on the CPU backend.
PyObject *kernelSetCacheConfig(PyObject *obj, PyObject *args) {
  auto *self = reinterpret_cast<KernelObject *>(obj);
  int config;
  if (!PyArg_ParseTuple(args, "i", &config))
    return nullptr;
  if (!self->module)
    Py_RETURN_NONE;
  if (llvm::Error err = runtime::setFunctionCacheConfig(self->function, config))
    return python::raiseRuntime(std::move(err));
  Py_RETURN_NONE;
}

// static_shared_bytes() -> the kernel's static shared memory per block (both backends).
PyObject *kernelStaticShared(PyObject *obj, PyObject *) {
  auto *self = reinterpret_cast<KernelObject *>(obj);
  if (self->cpu)
    return PyLong_FromUnsignedLongLong(self->cpu->staticShared());
  auto info = runtime::getFunctionInfo(self->function);
  if (!info)
    return python::raiseRuntime(info.takeError());
  return PyLong_FromLong(info->staticSharedBytes);
}

// handle() -> the CUfunction's address (0 on the CPU backend).
PyObject *kernelHandle(PyObject *obj, PyObject *) {
  auto *self = reinterpret_cast<KernelObject *>(obj);
  return PyLong_FromVoidPtr(self->module ? self->function : nullptr);
}

PyObject *kernelSetAttribute(PyObject *obj, PyObject *args) {
  auto *self = reinterpret_cast<KernelObject *>(obj);
  int attribute, value;
  if (!PyArg_ParseTuple(args, "ii", &attribute, &value))
    return nullptr;
  if (!self->module) // the CPU backend: the driver's attributes do not apply
    Py_RETURN_NONE;
  if (llvm::Error err = runtime::setFunctionAttribute(self->function, attribute, value))
    return python::raiseRuntime(std::move(err));
  Py_RETURN_NONE;
}

PyMethodDef kernelMethods[] = {
    {"attributes", kernelAttributes, METH_NOARGS,
     "attributes() -> dict(regs_per_thread, shared_mem_per_block, local_mem_per_thread,\n"
     "const_mem_size, max_threads_per_block, ptx_version, binary_version) in bytes/registers."},
    {"max_active_blocks", kernelMaxActiveBlocks, METH_VARARGS,
     "max_active_blocks(block_size, dynamic_shared_bytes=0, flags=0) -> resident blocks per SM\n"
     "(cuOccupancyMaxActiveBlocksPerMultiprocessor[WithFlags]). Raises CudaError."},
    {"max_potential_block_size", kernelMaxPotentialBlockSize, METH_VARARGS,
     "max_potential_block_size(b2d, dynamic_shared_bytes, block_size_limit, flags=0)\n"
     "-> (min_grid_size, block_size) (cuOccupancyMaxPotentialBlockSizeWithFlags); b2d is\n"
     "None, a C function's address or a callable block_size -> bytes. Raises CudaError,\n"
     "b2d's own errors, TypeError for a b2d result that is not a byte count."},
    {"set_cache_config", kernelSetCacheConfig, METH_VARARGS,
     "set_cache_config(config): cuFuncSetCacheConfig (a CUfunc_cache); nothing on the CPU\n"
     "backend. Raises CudaError."},
    {"static_shared_bytes", kernelStaticShared, METH_NOARGS,
     "static_shared_bytes() -> the kernel's static shared memory per block, bytes (the CPU\n"
     "backend's too). Raises CudaError."},
    {"handle", kernelHandle, METH_NOARGS,
     "handle() -> the CUfunction's address, an int (0 on the CPU backend)."},
    {"set_attribute", kernelSetAttribute, METH_VARARGS,
     "set_attribute(attribute, value): cuFuncSetAttribute (a CUfunction_attribute); nothing on\n"
     "the CPU backend. Raises CudaError."},
    {"error_record", kernelErrorRecord, METH_NOARGS,
     "error_record() -> None or tuple of the error record's words (then cleared)."},
    {"launch", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(kernelLaunch)),
     METH_FASTCALL, "launch(grid, block, shared_bytes, stream, args) -> None"},
    {nullptr, nullptr, 0, nullptr}};

PyType_Slot kernelSlots[] = {
    {Py_tp_new, reinterpret_cast<void *>(kernelNew)},
    {Py_tp_dealloc, reinterpret_cast<void *>(kernelDealloc)},
    {Py_tp_methods, kernelMethods},
    {Py_tp_doc, const_cast<char *>("Kernel(cubin, entry, argtypes, index32=False, cpu=False, "
                                   "cooperative=False): a loaded kernel.")},
    {0, nullptr}};

PyType_Spec kernelSpec = {"pyjit._pyjit.Kernel", sizeof(KernelObject), 0, Py_TPFLAGS_DEFAULT,
                          kernelSlots};

} // namespace

bool python::addKernelType(PyObject *module) {
  PyObject *type = PyType_FromSpec(&kernelSpec);
  if (!type)
    return false;
  kernelType = reinterpret_cast<PyTypeObject *>(type);
  Py_INCREF(type); // kept for isKernel()
  if (PyModule_AddObject(module, "Kernel", type) != 0)
    return false;
  // The CPU backend's limit on a grid-synchronizing launch (threads).
  return PyModule_AddIntConstant(module, "CPU_GRID_SYNC_THREADS",
                                 static_cast<long>(runtime::CpuModule::kMaxGridSyncThreads)) == 0;
}
