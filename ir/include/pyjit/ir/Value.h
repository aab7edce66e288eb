//===- Value.h - SSA values: function arguments and instructions ---------===//
#ifndef PYJIT_IR_VALUE_H
#define PYJIT_IR_VALUE_H

#include "pyjit/ir/Type.h"
#include <string>

namespace pyjit::ir {

/// An SSA value: defined once, by a function argument or an instruction.
class Value {
public:
  enum class ValueKind { Argument, Instruction };
  virtual ~Value() = default;
  ValueKind valueKind() const { return vk; }
  Type *type() const { return ty; }

protected:
  Value(ValueKind kind, Type *type) : vk(kind), ty(type) {}

private:
  ValueKind vk;
  Type *ty;
};

/// A function parameter (a scalar, or an array view passed as data pointer,
/// shape and strides: see docs/abi.md).
class Argument : public Value {
public:
  Argument(Type *type, std::string name, unsigned index)
      : Value(ValueKind::Argument, type), argName(std::move(name)), argIndex(index) {}
  const std::string &name() const { return argName; }
  unsigned index() const { return argIndex; }
  static bool classof(const Value *v) { return v->valueKind() == ValueKind::Argument; }

private:
  std::string argName;
  unsigned argIndex;
};

} // namespace pyjit::ir

#endif
