// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A tiny treasury that only its owner can drain. The owner on the sample network is account
/// 0.0.2001, whose long-zero EVM address is 0x00000000000000000000000000000000000007d1; its
/// key-derived EVM address is 0xac384c53f03855fa1b3616052f8ba32c6c2a2fec.
contract Treasury {
    address public immutable owner;
    /// The fee account 0.0.8 (long-zero form below).
    address public constant FEE_ACCOUNT = 0x0000000000000000000000000000000000000008;

    event Withdrawn(address indexed to, uint256 amountWeibar);

    error NotOwner(address caller);

    constructor() {
        owner = msg.sender;
    }

    receive() external payable {}

    function withdraw(address payable to, uint256 amountWeibar) external {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        to.transfer(amountWeibar);
        emit Withdrawn(to, amountWeibar);
    }
}
