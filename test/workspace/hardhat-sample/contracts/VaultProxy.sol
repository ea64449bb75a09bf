// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ProxySetup} from "./ProxySetup.sol";

/// A proxy in front of Vault, for Ledger Lens's debugger tests: every call it gets runs Vault's
/// code in the proxy's own storage (a DELEGATECALL), so a trace through it has a frame whose code
/// (Vault's) is not the code of the account it runs as (the proxy's), and calls Vault's code makes
/// from there (MyToken.transfer) come from the proxy's address.
contract VaultProxy {
    /// Whose code runs for each call. Immutable, so it lives in the proxy's code and not in its
    /// storage, which belongs to Vault's layout (Vault's `deposits` credited to the proxy's callers).
    address public immutable implementation;

    /// Checks the implementation with the external library: the creation code makes a
    /// DELEGATECALL (its bytecode links the library's address), so a create's trace has a frame.
    constructor(address implementation_) {
        ProxySetup.requireCode(implementation_);
        implementation = implementation_;
    }

    /// Forwards the call data to the implementation and hands back what it returns or reverts
    /// with, byte for byte: written in assembly so nothing but the forwarding runs here.
    fallback() external {
        address target = implementation;
        assembly {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), target, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok
            case 0 {
                revert(0, returndatasize())
            }
            default {
                return(0, returndatasize())
            }
        }
    }
}
