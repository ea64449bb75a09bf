// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// An external library, for Ledger Lens's debugger tests. Its public function is not inlined into
/// the contracts that use it: their bytecode holds a link placeholder (`__$…$__`) where the
/// library's address goes once it is deployed, and each call to it is a DELEGATECALL into the
/// library's own code, running in the caller's context. So a trace of a contract using it has a
/// frame whose code is the library's, whose storage and logs are the caller's. Its function
/// changes state (it logs), so solc's ABI for the library leaves it out: only the compiler output's
/// method identifiers name it, as for any such library function.
library ProxySetup {
    /// The account given has no code, so nothing could run there.
    error NotAContract(address account);

    /// Logged by the caller (a DELEGATECALL logs as the contract whose context it runs in).
    event ImplementationChecked(address indexed implementation, uint256 codeSize);

    /// Reverts unless `implementation` holds code; returns the size of that code.
    function requireCode(address implementation) public returns (uint256 size) {
        size = implementation.code.length;
        if (size == 0) revert NotAContract(implementation);
        emit ImplementationChecked(implementation, size);
    }
}
