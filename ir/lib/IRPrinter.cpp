//===- IRPrinter.cpp - Textual form of the SSA IR ------------------------===//
#include "pyjit/ir/IRPrinter.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Path.h"
#include "pyjit/ir/Coop.h"
#include "pyjit/ir/CudaIntrinsics.h"
#include "pyjit/ir/MathFunctions.h"
#include "llvm/Support/Format.h"
#include <map>

using namespace pyjit::ir;

namespace {
class FunctionPrinter {
public:
  FunctionPrinter(const Function &fn, llvm::raw_ostream &os) : fn(fn), os(os) {
    unsigned next = 0;
    for (const auto &bb : fn.blocks())
      for (const auto &inst : bb->instructions())
        if (!inst->isTerminator() && !llvm::isa<NoneType>(inst->type()))
          ids[inst.get()] = next++;
  }

  void name(const Value *v) {
    if (!v) { // a malformed instruction the verifier is reporting
      os << "%<null>";
      return;
    }
    if (auto *a = llvm::dyn_cast<Argument>(v)) {
      os << "%" << a->name();
      return;
    }
    auto it = ids.find(v);
    if (it == ids.end())
      os << "%<undef>";
    else
      os << "%" << it->second;
  }

  void print() {
    os << "func @" << fn.name() << "(";
    bool first = true;
    for (const auto &a : fn.arguments()) {
      os << (first ? "" : ", ") << "%" << a->name() << ": " << a->type()->str();
      first = false;
    }
    os << ") -> " << fn.returnType()->str() << " {\n";
    for (const auto &bb : fn.blocks()) {
      os << "bb" << bb->id() << ":";
      if (!bb->predecessors().empty()) {
        os << "  ; preds:";
        for (BasicBlock *p : bb->predecessors())
          os << " bb" << p->id();
      }
      os << "\n";
      for (const auto &inst : bb->instructions())
        instruction(*inst);
    }
    os << "}\n";
  }

  void instruction(const Instruction &inst) {
    os << "  ";
    if (ids.count(&inst)) {
      name(&inst);
      os << " = ";
    }
    os << opcodeName(inst.opcode());
    switch (inst.opcode()) {
    case Opcode::ConstInt:
      if (auto *it = llvm::dyn_cast<IntType>(inst.type()); it && !it->isSigned())
        os << " " << (static_cast<uint64_t>(inst.intImm) & llvm::maskTrailingOnes<uint64_t>(it->bits()));
      else
        os << " " << inst.intImm;
      break;
    case Opcode::ConstBool:
      os << (inst.intImm ? " True" : " False");
      break;
    case Opcode::ConstChars:
      os << " '";
      os.write_escaped(inst.text);
      os << "'";
      break;
    case Opcode::ConstFloat: {
      os << " ";
      os << llvm::format("%.17g", inst.floatImm);
      break;
    }
    case Opcode::Cmp:
      os << " " << cmpPredicateName(inst.predicate());
      break;
    case Opcode::SReg:
      os << " " << specialRegName(inst.specialReg());
      break;
    case Opcode::Math:
      os << "." << mathFnInfo(static_cast<MathFn>(inst.intImm)).name;
      break;
    case Opcode::Cuda:
      os << "." << cudaFnName(static_cast<CudaFn>(inst.intImm));
      break;
    case Opcode::Libdevice:
    case Opcode::ExternCall:
      os << "." << inst.text;
      break;
    case Opcode::Call:
      os << " @" << inst.text;
      break;
    case Opcode::ArrayFieldView:
      os << " +" << inst.intImm; // the field's byte offset
      break;
    case Opcode::Ret:
      if (inst.intImm == 1)
        os << ".stop";
      break;
    case Opcode::Coop: {
      CoopCall c = CoopCall::decode(inst.intImm);
      os << ".block_" << coopFnName(c.fn) << "." << coopOpName(c.op)
         << (c.aggregate ? ".aggregate" : "");
      break;
    }
    case Opcode::ArrayStride:
      os << " " << inst.intImm;
      break;
    case Opcode::ComplexPart:
      os << (inst.intImm ? " imag" : " real");
      break;
    case Opcode::DebugValue:
      os << " \"" << inst.text << "\"" << (inst.intImm ? " arg " + std::to_string(inst.intImm) : "")
         << ",";
      break;
    case Opcode::Print:
      os << " \"";
      os.write_escaped(inst.text);
      os << "\"" << (inst.numOperands() ? "," : "");
      break;
    case Opcode::Raise:
    {
      const ErrorSite &site = fn.errorSites.at(inst.intImm);
      os << " " << inst.intImm << " " << site.exception << " \"";
      os.write_escaped(site.message);
      os << "\" at " << llvm::sys::path::filename(site.file) << ":" << site.line << ":"
         << site.col << (inst.numOperands() ? "," : "");
    }
      break;
    case Opcode::AllocArray:
      os << (inst.intImm == 3 ? " shared" : inst.intImm == 4 ? " const" : " local");
      break;
    case Opcode::ArrayShape:
      os << " " << inst.intImm;
      break;
    case Opcode::ArrayNewAxis: { // the result's new dimensions: new_axis [0, 2] %a
      os << " [";
      const char *sep = "";
      for (unsigned d = 0; d < 64; ++d)
        if ((static_cast<uint64_t>(inst.intImm) >> d) & 1) {
          os << sep << d;
          sep = ", ";
        }
      os << "]";
      break;
    }
    default:
      break;
    }
    if (inst.opcode() == Opcode::Phi) {
      for (unsigned i = 0; i < inst.numOperands(); ++i) {
        os << (i ? ", [" : " [");
        name(inst.operand(i));
        os << ", bb" << inst.blocks()[i]->id() << "]";
      }
    } else if (inst.opcode() == Opcode::RecordFieldView) {
      // field_view %a[%i, ...] + offset, extents (e0, ...), strides (s0, ...)
      unsigned nIdx = llvm::cast<ArrayType>(inst.operand(0)->type())->ndim();
      unsigned nDim = llvm::cast<ArrayType>(inst.type())->ndim();
      os << " ";
      name(inst.operand(0));
      os << "[";
      for (unsigned i = 0; i < nIdx; ++i) {
        os << (i ? ", " : "");
        name(inst.operand(1 + i));
      }
      os << "] + " << inst.intImm;
      for (unsigned part = 0; part < 2; ++part) {
        os << (part ? ", strides (" : ", extents (");
        for (unsigned d = 0; d < nDim; ++d) {
          os << (d ? ", " : "");
          name(inst.operand(1 + nIdx + part * nDim + d));
        }
        os << ")";
      }
    } else if (inst.opcode() == Opcode::ArrayLoad || inst.opcode() == Opcode::ArrayStore ||
               inst.opcode() == Opcode::RecordLoad || inst.opcode() == Opcode::RecordStore) {
      bool store = inst.opcode() == Opcode::ArrayStore || inst.opcode() == Opcode::RecordStore;
      bool field = inst.opcode() == Opcode::RecordLoad || inst.opcode() == Opcode::RecordStore;
      os << " ";
      name(inst.operand(0));
      os << "[";
      unsigned nIdx = inst.numOperands() - 1 - store;
      for (unsigned i = 0; i < nIdx; ++i) {
        os << (i ? ", " : "");
        name(inst.operand(1 + i));
      }
      os << "]";
      if (field) { // the field by name (a dotted path), from the array's record dtype
        std::string path;
        Type *ft = store ? inst.operands().back()->type() : inst.type();
        if (auto *rt = llvm::dyn_cast<RecordType>(
                llvm::cast<ArrayType>(inst.operand(0)->type())->dtype());
            rt && rt->scalarAt(static_cast<uint64_t>(inst.intImm), ft, &path))
          os << "." << path;
      }
      if (store) {
        os << ", ";
        name(inst.operands().back());
      }
      if (inst.intImm > 0 && !field)
        os << ", align " << inst.intImm;
    } else {
      for (unsigned i = 0; i < inst.numOperands(); ++i) {
        os << (i ? ", " : " ");
        name(inst.operand(i));
      }
      for (unsigned i = 0; i < inst.blocks().size(); ++i)
        os << (i || inst.numOperands() ? ", " : " ") << "bb" << inst.blocks()[i]->id();
    }
    if (inst.opcode() == Opcode::Cast)
      os << " : " << inst.operand(0)->type()->str() << " -> " << inst.type()->str();
    else if (ids.count(&inst))
      os << " : " << inst.type()->str();
    os << "\n";
  }

private:
  const Function &fn;
  llvm::raw_ostream &os;
  std::map<const Value *, unsigned> ids;
};
} // namespace

void pyjit::ir::printFunction(const Function &fn, llvm::raw_ostream &os) {
  FunctionPrinter(fn, os).print();
}

void pyjit::ir::printModule(const Module &module, llvm::raw_ostream &os) {
  for (const auto &fn : module.functions)
    printFunction(*fn, os);
}
