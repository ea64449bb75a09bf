// Does nothing: its activation time is the extension host's own cost of loading and activating
// an extension, measured beside Ledger Lens's in the same workbench.
exports.activate = function activate() {};
exports.deactivate = function deactivate() {};
