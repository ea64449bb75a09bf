// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A counter only its owner may move, compiled the way Foundry lays out `out/`.
contract Counter {
    error NotOwner(address caller, address owner);

    event Incremented(address indexed by, uint256 newValue);
    event Reset(address indexed by, uint256 previous, string why);

    address public immutable owner;
    uint256 public number;

    constructor() {
        owner = msg.sender;
    }

    function increment(uint256 by) external returns (uint256) {
        if (msg.sender != owner) revert NotOwner(msg.sender, owner);
        number += by;
        emit Incremented(msg.sender, number);
        return number;
    }

    function reset(string calldata why) external {
        if (msg.sender != owner) revert NotOwner(msg.sender, owner);
        emit Reset(msg.sender, number, why);
        number = 0;
    }
}
