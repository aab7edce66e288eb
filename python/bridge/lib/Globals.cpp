//===- Globals.cpp - The globals description -> ir::GlobalEnv ------------===//
#include "pyjit/python/Bridge.h"

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

bool python::globalsFromDict(PyObject *dict, ir::GlobalEnv &env) {
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
    if (!PyTuple_Check(value) || PyTuple_Size(value) != 2) {
      PyErr_Format(PyExc_TypeError, "global '%s' must be described by a (kind, value) tuple",
                   name->c_str());
      return false;
    }
    auto kind = toUtf8(PyTuple_GetItem(value, 0), "global kind");
    if (!kind)
      return false;
    PyObject *v = PyTuple_GetItem(value, 1);
    if (*kind == "int") {
      int overflow = 0;
      long long i = PyLong_AsLongLongAndOverflow(v, &overflow);
      if (i == -1 && PyErr_Occurred())
        return false;
      if (overflow) {
        env.set(*name, ir::GlobalValue::unsupported("int (does not fit in 64 bits)"));
        continue;
      }
      env.set(*name, ir::GlobalValue::ofInt(i));
    } else if (*kind == "float") {
      double d = PyFloat_AsDouble(v);
      if (d == -1.0 && PyErr_Occurred())
        return false;
      env.set(*name, ir::GlobalValue::ofFloat(d));
    } else if (*kind == "bool") {
      env.set(*name, ir::GlobalValue::ofBool(PyObject_IsTrue(v) == 1));
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
      else
        env.set(*name, ir::GlobalValue::unsupported(*text));
    }
  }
  return true;
}
