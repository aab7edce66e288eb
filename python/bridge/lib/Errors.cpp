//===- Errors.cpp - llvm::Error -> pyjit's Python exceptions -------------===//
#include "pyjit/frontend/Diagnostics.h"
#include "pyjit/python/Bridge.h"

using namespace pyjit;

PyObject *python::raiseNamed(const char *name, const std::string &text,
                             std::optional<long> code) {
  std::string message = text;
  while (!message.empty() && message.back() == '\n')
    message.pop_back(); // rendered diagnostics end in a newline
  PyObject *module = PyImport_ImportModule("pyjit.errors");
  PyObject *cls = module ? PyObject_GetAttrString(module, name) : nullptr;
  Py_XDECREF(module);
  if (!cls) {
    PyErr_Clear();
    PyErr_SetString(PyExc_RuntimeError, message.c_str());
    return nullptr;
  }
  if (!code) {
    PyErr_SetString(cls, message.c_str());
    Py_DECREF(cls);
    return nullptr;
  }
  PyObject *args = Py_BuildValue("(s)", message.c_str());
  PyObject *kwargs = Py_BuildValue("{s:l}", "code", *code);
  PyObject *exc = args && kwargs ? PyObject_Call(cls, args, kwargs) : nullptr;
  Py_XDECREF(args);
  Py_XDECREF(kwargs);
  if (exc) { // (else the error constructing it is raised)
    PyErr_SetObject(cls, exc);
    Py_DECREF(exc);
  }
  Py_DECREF(cls);
  return nullptr;
}

PyObject *python::raise(llvm::Error err) {
  const char *kind = "InternalError";
  std::string message;
  llvm::handleAllErrors(std::move(err), [&](const llvm::ErrorInfoBase &info) {
    if (info.isA<CompileError>()) // also a ValueError where numba raises that
      kind = static_cast<const CompileError &>(info).alsoA() == "ValueError" ? "CompileValueError"
                                                                              : "CompileError";
    message += info.message();
  });
  return raiseNamed(kind, message);
}
