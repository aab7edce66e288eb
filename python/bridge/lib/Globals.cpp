//===- Globals.cpp - The globals description -> ir::GlobalEnv ------------===//
#include "pyjit/python/Bridge.h"
#include <map>

using namespace pyjit;

std::optional<std::string> python::toUtf8(PyObject *obj, const char *what) {
  if (!obj || !PyUnicode_Check(obj)) {
    PyErr_Format(PyExc_TypeError, "%s must be a str", what);
    return std::nullopt;
  }
  Py_ssize_t size = 0;
  const char *data = PyUnicode_AsUTF8AndSize(obj, &size);
  if (!data)
    return std::nullopt;
  return std::string(data, static_cast<size_t>(size));
}

bool python::placeSource(PyObject *placement, SourceFile &file) {
  if (!placement || !PyDict_Check(placement))
    return true;
  PyObject *lines = PyDict_GetItemString(placement, "display");
  PyObject *origin = PyDict_GetItemString(placement, "origin");
  if (lines && lines != Py_None) {
    if (!PyList_Check(lines) && !PyTuple_Check(lines)) {
      PyErr_SetString(PyExc_TypeError, "display lines must be a list of str");
      return false;
    }
    std::vector<std::string> text;
    for (Py_ssize_t i = 0, n = PySequence_Size(lines); i < n; ++i) {
      PyObject *item = PySequence_GetItem(lines, i);
      auto line = item ? toUtf8(item, "display line") : std::nullopt;
      Py_XDECREF(item);
      if (!line)
        return false;
      text.push_back(std::move(*line));
    }
    file.setDisplayLines(std::move(text));
  }
  if (!origin || origin == Py_None)
    return true;
  int line = 0, fileLine = 0, delta = 0, minCol = 1;
  if (!PyTuple_Check(origin) ||
      !PyArg_ParseTuple(origin, "iiii", &line, &fileLine, &delta, &minCol) || line < 0 ||
      fileLine < 1 || minCol < 1) {
    if (!PyErr_Occurred())
      PyErr_SetString(PyExc_TypeError, "a line origin must be (line, file line, delta, column)");
    return false;
  }
  file.setLineOrigin(static_cast<unsigned>(line), static_cast<unsigned>(fileLine), delta,
                     static_cast<unsigned>(minCol));
  return true;
}

namespace {
using DeviceMemo = std::map<PyObject *, ir::DeviceFunctionSource *>;
bool readGlobals(PyObject *dict, ir::GlobalEnv &env, ir::DeviceFunctionTable &table,
                 DeviceMemo &memo);

// A device function description dict -> a DeviceFunctionSource in `table`.
ir::DeviceFunctionSource *readDeviceFunction(PyObject *info, ir::DeviceFunctionTable &table,
                                             DeviceMemo &memo) {
  if (auto it = memo.find(info); it != memo.end())
    return it->second;
  if (!PyDict_Check(info)) {
    PyErr_SetString(PyExc_TypeError, "a device function must be described by a dict");
    return nullptr;
  }
  auto source = python::toUtf8(PyDict_GetItemString(info, "source"), "source");
  auto file = source ? python::toUtf8(PyDict_GetItemString(info, "filename"), "filename")
                     : std::nullopt;
  auto name = file ? python::toUtf8(PyDict_GetItemString(info, "name"), "name") : std::nullopt;
  PyObject *first = PyDict_GetItemString(info, "firstline");
  PyObject *globals = PyDict_GetItemString(info, "globals");
  if (!name || !first || !globals)
    return nullptr;
  long firstLine = PyLong_AsLong(first);
  if (firstLine == -1 && PyErr_Occurred())
    return nullptr;
  table.push_back(std::make_unique<ir::DeviceFunctionSource>());
  ir::DeviceFunctionSource *fn = table.back().get();
  fn->name = *name;
  fn->source = std::make_unique<SourceFile>(*file, *source,
                                            firstLine >= 0 ? static_cast<unsigned>(firstLine) : 1);
  if (!python::placeSource(info, *fn->source))
    return nullptr;
  if (PyObject *sigs = PyDict_GetItemString(info, "signatures")) { // a tuple of str
    for (Py_ssize_t i = 0, n = PyTuple_Size(sigs); i < n; ++i) {
      auto text = python::toUtf8(PyTuple_GetItem(sigs, i), "signature");
      if (!text)
        return nullptr;
      fn->signatures.push_back(*text);
    }
    if (PyErr_Occurred())
      return nullptr;
  }
  if (PyObject *why = PyDict_GetItemString(info, "returns_nothing")) {
    auto text = python::toUtf8(why, "returns_nothing");
    if (!text)
      return nullptr;
    fn->returnsNothing = *text;
  }
  memo[info] = fn; // before its globals: a function may refer to itself
  if (!readGlobals(globals, fn->globals, table, memo))
    return nullptr;
  if (PyObject *overload = PyDict_GetItemString(info, "overload")) {
    auto text = python::toUtf8(overload, "overload");
    PyObject *variants = PyDict_GetItemString(info, "variants");
    if (!text)
      return nullptr;
    if (!variants || !PyDict_Check(variants)) {
      PyErr_SetString(PyExc_TypeError, "an overload's variants must be a dict");
      return nullptr;
    }
    fn->overload = *text;
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(variants, &pos, &key, &value)) {
      auto k = python::toUtf8(key, "variant key");
      if (!k)
        return nullptr;
      if (PyUnicode_Check(value)) { // why the types have no implementation
        auto why = python::toUtf8(value, "variant error");
        if (!why)
          return nullptr;
        fn->variantErrors[*k] = *why;
        continue;
      }
      const ir::DeviceFunctionSource *variant = readDeviceFunction(value, table, memo);
      if (!variant)
        return nullptr;
      fn->variants[*k] = variant;
    }
  }
  return fn;
}
} // namespace

PyObject *python::wantedOverloads(const ir::DeviceFunctionTable &table) {
  PyObject *list = PyList_New(0);
  for (const auto &fn : table) {
    for (const std::string &key : fn->wanted) {
      PyObject *item = list ? Py_BuildValue("(ss)", fn->overload.c_str(), key.c_str()) : nullptr;
      if (!item || PyList_Append(list, item) < 0) {
        Py_XDECREF(item);
        Py_XDECREF(list);
        return nullptr;
      }
      Py_DECREF(item);
    }
    fn->wanted.clear();
  }
  return list;
}

bool python::globalsFromDict(PyObject *dict, ir::GlobalEnv &env, ir::DeviceFunctionTable &table) {
  DeviceMemo memo;
  return readGlobals(dict, env, table, memo);
}

namespace {
bool readGlobals(PyObject *dict, ir::GlobalEnv &env, ir::DeviceFunctionTable &table,
                 DeviceMemo &memo) {
  using namespace pyjit::python;
  if (!PyDict_Check(dict)) {
    PyErr_SetString(PyExc_TypeError, "globals description must be a dict");
    return false;
  }
  PyObject *key, *value;
  Py_ssize_t pos = 0;
  while (PyDict_Next(dict, &pos, &key, &value)) {
    auto name = toUtf8(key, "global name");
    if (!name)
      return false;
    if (!PyTuple_Check(value) || PyTuple_Size(value) < 2 || PyTuple_Size(value) > 5) {
      PyErr_Format(PyExc_TypeError, "global '%s' must be described by a (kind, value) tuple",
                   name->c_str());
      return false;
    }
    auto kind = toUtf8(PyTuple_GetItem(value, 0), "global kind");
    if (!kind)
      return false;
    PyObject *v = PyTuple_GetItem(value, 1);
    std::string dtype; // a NumPy scalar's type: strong, not weak
    if (PyTuple_Size(value) >= 3) {
      auto d = toUtf8(PyTuple_GetItem(value, 2), "global dtype");
      if (!d)
        return false;
      dtype = *d;
    }
    std::string enumType; // ("enum", value, "Class.MEMBER", "[Int]EnumMember(Class, int64)"[, false])
    bool falseMember = PyTuple_Size(value) == 5 && PyTuple_GetItem(value, 4) == Py_True;
    if (PyTuple_Size(value) >= 4) {
      auto d = toUtf8(PyTuple_GetItem(value, 3), "enum member type");
      if (!d)
        return false;
      enumType = *d;
    }
    if (*kind == "int" || *kind == "enum") {
      // ("enum", value, "Class.MEMBER"): an IntEnum member, an int with a
      // name (its .value reads the int).
      int overflow = 0;
      long long i = PyLong_AsLongLongAndOverflow(v, &overflow);
      if (i == -1 && PyErr_Occurred())
        return false;
      bool unsignedInt = false;
      // (2**63 up: a uint64 for an int, and for the int of an IntFlag or an
      // IntEnum member whose class has such values, typed as its int.)
      if (overflow > 0 && (*kind == "int" || enumType.empty())) {
        // 2**63 to 2**64 - 1: a uint64, as numba types the int (and a literal).
        unsigned long long u = PyLong_AsUnsignedLongLong(v);
        if (u == static_cast<unsigned long long>(-1) && PyErr_Occurred())
          PyErr_Clear();
        else {
          i = static_cast<long long>(u);
          overflow = 0;
          unsignedInt = true;
        }
      }
      if (overflow) {
        env.set(*name, ir::GlobalValue::unsupported("int (does not fit in 64 bits)"));
        continue;
      }
      ir::GlobalValue g = ir::GlobalValue::ofInt(i);
      if (*kind == "enum") {
        g.name = dtype;
        // its type: EnumMember(...) or IntEnumMember(...); an IntFlag's: its int
        g.dtype = !enumType.empty() ? enumType : unsignedInt ? "uint64" : "";
        g.falseMember = falseMember;
      } else {
        g.dtype = unsignedInt ? "uint64" : dtype;
      }
      env.set(*name, g);
    } else if (*kind == "none") {
      ir::GlobalValue g;
      g.kind = ir::GlobalValue::Kind::None;
      env.set(*name, g);
    } else if (*kind == "float") {
      double d = PyFloat_AsDouble(v);
      if (d == -1.0 && PyErr_Occurred())
        return false;
      ir::GlobalValue g = ir::GlobalValue::ofFloat(d);
      g.dtype = dtype;
      env.set(*name, g);
    } else if (*kind == "namedtuple_class") {
      auto text = toUtf8(v, "named tuple class");
      if (!text)
        return false;
      ir::GlobalValue g;
      g.kind = ir::GlobalValue::Kind::NamedTupleClass;
      auto [cls, fields] = llvm::StringRef(*text).split(':');
      g.name = cls.str();
      g.data = fields.str();
      env.set(*name, std::move(g));
    } else if (*kind == "tuple") {
      // A list of element descriptions, read through a one-entry dict each.
      ir::GlobalValue g;
      g.kind = ir::GlobalValue::Kind::Tuple;
      if (!PyList_Check(v)) {
        PyErr_SetString(PyExc_TypeError, "a tuple global must be described by a list");
        return false;
      }
      for (Py_ssize_t k = 0; k < PyList_Size(v); ++k) {
        PyObject *one = PyDict_New();
        if (!one || PyDict_SetItemString(one, "_", PyList_GetItem(v, k)) != 0) {
          Py_XDECREF(one);
          return false;
        }
        ir::GlobalEnv elemEnv;
        bool ok = readGlobals(one, elemEnv, table, memo);
        Py_DECREF(one);
        if (!ok)
          return false;
        const ir::GlobalValue *e = elemEnv.lookup("_");
        if (!e || (e->kind == ir::GlobalValue::Kind::Unsupported && !e->isString()) ||
            e->kind == ir::GlobalValue::Kind::Module || e->kind == ir::GlobalValue::Kind::Function ||
            e->kind == ir::GlobalValue::Kind::DType ||
            e->kind == ir::GlobalValue::Kind::Namespace ||
            e->kind == ir::GlobalValue::Kind::None) {
          // An element's own reason where it has one (a tuple nested too
          // deep: its reason; a plain Python function: what to make it).
          llvm::StringRef why;
          if (e && e->kind == ir::GlobalValue::Kind::Unsupported)
            why = e->name;
          g = ir::GlobalValue::unsupported(
              why.starts_with("tuple ") ? why.str()
              : why.empty()
                  ? std::string("tuple holding something but numbers, bools, strings, NumPy "
                                "arrays, device functions and tuples")
                  : "tuple holding a " + why.str());
          break;
        }
        g.elements.push_back(*e);
      }
      if (!dtype.empty() && g.kind == ir::GlobalValue::Kind::Tuple) {
        // ("tuple", [...], "Class:a,b"): a named tuple.
        auto [cls, fields] = llvm::StringRef(dtype).split(':');
        g.name = cls.str();
        g.data = fields.str();
      }
      env.set(*name, g);
    } else if (*kind == "array") {
      // (dtype, [extents], bytes[, "F"]): a small constant array, C- or
      // F-contiguous.
      ir::GlobalValue g;
      g.kind = ir::GlobalValue::Kind::ConstArray;
      PyObject *dt = PyTuple_Check(v) && (PyTuple_Size(v) == 3 || PyTuple_Size(v) == 4)
                         ? PyTuple_GetItem(v, 0)
                         : nullptr;
      auto dtypeName = dt ? toUtf8(dt, "array dtype") : std::nullopt;
      PyObject *shape = dt ? PyTuple_GetItem(v, 1) : nullptr;
      PyObject *bytes = dt ? PyTuple_GetItem(v, 2) : nullptr;
      if (!dtypeName || !PyList_Check(shape) || !PyBytes_Check(bytes)) {
        if (!PyErr_Occurred())
          PyErr_SetString(PyExc_TypeError, "an array global is (dtype, shape, bytes)");
        return false;
      }
      g.dtype = *dtypeName;
      for (Py_ssize_t k = 0; k < PyList_Size(shape); ++k)
        g.shape.push_back(PyLong_AsLongLong(PyList_GetItem(shape, k)));
      char *data;
      Py_ssize_t size;
      if (PyErr_Occurred() || PyBytes_AsStringAndSize(bytes, &data, &size) != 0)
        return false;
      g.data.assign(data, static_cast<size_t>(size));
      if (PyTuple_Size(v) == 4) {
        auto order = toUtf8(PyTuple_GetItem(v, 3), "array order");
        if (!order)
          return false;
        g.name = *order;
      }
      env.set(*name, g);
    } else if (*kind == "complex") {
      double re = PyFloat_AsDouble(PyTuple_GetItem(v, 0));
      double im = PyFloat_AsDouble(PyTuple_GetItem(v, 1));
      if (PyErr_Occurred())
        return false;
      ir::GlobalValue g = ir::GlobalValue::ofComplex(re, im);
      g.dtype = dtype;
      env.set(*name, g);
    } else if (*kind == "bool") {
      env.set(*name, ir::GlobalValue::ofBool(PyObject_IsTrue(v) == 1));
    } else if (*kind == "module" && PyTuple_Check(v)) {
      // (path, {attribute: description}[, (absent names)]): a module pyjit
      // knows (cuda) with members it has no rule for (cuda.random), and the
      // names the code reads that the Python module does not have.
      Py_ssize_t size = PyTuple_Size(v);
      PyObject *members = size == 2 || size == 3 ? PyTuple_GetItem(v, 1) : nullptr;
      auto path = members ? toUtf8(PyTuple_GetItem(v, 0), "module path") : std::nullopt;
      if (!path)
        return false;
      auto env2 = std::make_shared<ir::GlobalEnv>();
      if (!readGlobals(members, *env2, table, memo))
        return false;
      ir::GlobalValue g = ir::GlobalValue::ofModule(*path);
      g.members = std::move(env2);
      PyObject *absent = size == 3 ? PyTuple_GetItem(v, 2) : nullptr;
      for (Py_ssize_t i = 0; absent && PyTuple_Check(absent) && i < PyTuple_Size(absent); ++i) {
        auto attr = toUtf8(PyTuple_GetItem(absent, i), "absent attribute");
        if (!attr)
          return false;
        g.absent.push_back(std::move(*attr));
      }
      env.set(*name, std::move(g));
    } else if (*kind == "namespace") {
      // (module name, {attribute: description}): the attributes the code mentions.
      PyObject *members = PyTuple_Check(v) && PyTuple_Size(v) == 2 ? PyTuple_GetItem(v, 1) : nullptr;
      if (!members) {
        PyErr_SetString(PyExc_TypeError, "a namespace global is (name, {attribute: description})");
        return false;
      }
      auto nsName = toUtf8(PyTuple_GetItem(v, 0), "namespace name");
      if (!nsName)
        return false;
      auto env2 = std::make_shared<ir::GlobalEnv>();
      if (!readGlobals(members, *env2, table, memo))
        return false;
      env.set(*name, ir::GlobalValue::ofNamespace(*nsName, std::move(env2)));
    } else if (*kind == "devarray") {
      // (address, shape, byte strides, dtype name, read-only, host memory): a
      // device array (the last is the Python side's: the CPU backend's check).
      PyObject *shape = PyTuple_Check(v) && PyTuple_Size(v) >= 5 ? PyTuple_GetItem(v, 1) : nullptr;
      PyObject *strides = shape ? PyTuple_GetItem(v, 2) : nullptr;
      auto dt = strides ? toUtf8(PyTuple_GetItem(v, 3), "device array dtype") : std::nullopt;
      if (!dt || !PyList_Check(shape) || !PyList_Check(strides) ||
          PyList_Size(shape) != PyList_Size(strides)) {
        if (!PyErr_Occurred())
          PyErr_SetString(PyExc_TypeError, "a devarray global is (address, shape, strides, "
                                           "dtype, readonly)");
        return false;
      }
      ir::GlobalValue g;
      g.kind = ir::GlobalValue::Kind::DeviceArray;
      g.i = static_cast<int64_t>(PyLong_AsUnsignedLongLong(PyTuple_GetItem(v, 0)));
      g.dtype = *dt;
      g.name = PyObject_IsTrue(PyTuple_GetItem(v, 4)) == 1 ? "readonly" : "";
      for (Py_ssize_t k = 0; k < PyList_Size(shape); ++k) {
        g.shape.push_back(PyLong_AsLongLong(PyList_GetItem(shape, k)));
        g.strides.push_back(PyLong_AsLongLong(PyList_GetItem(strides, k)));
      }
      if (PyErr_Occurred())
        return false;
      env.set(*name, std::move(g));
    } else if (*kind == "extern") {
      // (symbol, result type, parameters[, link files[, abi[, LLVM IR, label]]]):
      // cuda.declare_device; the link files are the Python side's (it links
      // them); abi "c" calls `T symbol(params)`, else numba's ABI.
      if (!PyTuple_Check(v) || PyTuple_Size(v) < 3) {
        PyErr_SetString(PyExc_TypeError, "an extern global is (symbol, result, parameters, "
                                         "link files)");
        return false;
      }
      auto symbol = toUtf8(PyTuple_GetItem(v, 0), "extern symbol");
      auto result = symbol ? toUtf8(PyTuple_GetItem(v, 1), "extern result") : std::nullopt;
      auto params = result ? toUtf8(PyTuple_GetItem(v, 2), "extern parameters") : std::nullopt;
      if (!params)
        return false;
      ir::GlobalValue g;
      g.kind = ir::GlobalValue::Kind::Extern;
      g.name = *symbol;
      g.dtype = *result;
      g.data = *params;
      if (PyTuple_Size(v) > 4) {
        auto abi = toUtf8(PyTuple_GetItem(v, 4), "extern abi");
        if (!abi)
          return false;
        g.i = *abi == "c" ? 1 : 0;
      }
      if (PyTuple_Size(v) > 6) { // an @intrinsic's: (..., abi "c", LLVM IR, label)
        auto text = toUtf8(PyTuple_GetItem(v, 5), "extern LLVM IR");
        auto label = text ? toUtf8(PyTuple_GetItem(v, 6), "extern label") : std::nullopt;
        if (!label)
          return false;
        g.llvmIR = *text;
        g.llvmIRLabel = *label;
      }
      env.set(*name, std::move(g));
    } else if (*kind == "devfunc") {
      ir::DeviceFunctionSource *fn = readDeviceFunction(v, table, memo);
      if (!fn)
        return false;
      env.set(*name, ir::GlobalValue::ofDeviceFunction(fn));
    } else {
      auto text = toUtf8(v, "global description");
      if (!text)
        return false;
      if (*kind == "module")
        env.set(*name, ir::GlobalValue::ofModule(*text));
      else if (*kind == "function")
        env.set(*name, ir::GlobalValue::ofFunction(*text));
      else if (*kind == "dtype")
        env.set(*name, ir::GlobalValue::ofDType(*text));
      else if (*kind == "str") { // a string: only a raise's or assert's message
        ir::GlobalValue g = ir::GlobalValue::unsupported("str");
        g.data = *text;
        env.set(*name, std::move(g));
      } else
        env.set(*name, ir::GlobalValue::unsupported(*text));
    }
  }
  return true;
}
} // namespace
