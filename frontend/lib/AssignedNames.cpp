//===- AssignedNames.cpp - The names a function body assigns -------------===//
#include "pyjit/frontend/AssignedNames.h"

using namespace pyjit::ast;
using llvm::cast;
using llvm::dyn_cast;

static void targetNames(const Expr &t, llvm::function_ref<void(const std::string &)> onName) {
  if (auto *n = dyn_cast<NameExpr>(&t))
    onName(n->name);
  else if (auto *tu = dyn_cast<TupleExpr>(&t))
    for (const ExprPtr &e : tu->elts)
      targetNames(*e, onName);
  else if (auto *st = dyn_cast<StarredExpr>(&t))
    targetNames(*st->value, onName);
}

void pyjit::ast::forEachAssignedName(const Block &body,
                                     llvm::function_ref<void(const std::string &)> onName,
                                     llvm::function_ref<void(const FunctionDef &)> onDef) {
  for (const StmtPtr &s : body) {
    if (auto *a = dyn_cast<AssignStmt>(s.get())) {
      for (const ExprPtr &t : a->targets)
        targetNames(*t, onName);
    } else if (auto *a = dyn_cast<AugAssignStmt>(s.get())) {
      targetNames(*a->target, onName);
    } else if (auto *f = dyn_cast<ForStmt>(s.get())) {
      targetNames(*f->target, onName);
      forEachAssignedName(f->body, onName, onDef);
      forEachAssignedName(f->orelse, onName, onDef);
    } else if (auto *w = dyn_cast<WhileStmt>(s.get())) {
      forEachAssignedName(w->body, onName, onDef);
      forEachAssignedName(w->orelse, onName, onDef);
    } else if (auto *i = dyn_cast<IfStmt>(s.get())) {
      forEachAssignedName(i->body, onName, onDef);
      forEachAssignedName(i->orelse, onName, onDef);
    } else if (auto *d = dyn_cast<FunctionDefStmt>(s.get())) {
      onDef(*d->def);
    }
  }
}
