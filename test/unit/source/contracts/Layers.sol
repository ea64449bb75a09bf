// SPDX-License-Identifier: MIT
pragma solidity ^0.8.27;

error TooBig(uint256 value);
error BaseRefused();
error LayerRefused();

type Score is uint64;

using {add as +} for Score global;

/// A free function, and a user-defined operator whose function can overflow.
function clamp(uint256 value) pure returns (uint256) {
    if (value > 100) revert TooBig(value);
    return value;
}

function add(Score a, Score b) pure returns (Score) {
    return Score.wrap(Score.unwrap(a) + Score.unwrap(b));
}

/// A virtual function called from the base: the override runs, and reaches the base's with `super`.
abstract contract Base {
    function run(uint256 value) external pure returns (uint256) {
        _check(value);
        return clamp(value);
    }

    function _check(uint256 value) internal pure virtual {
        if (value == 1) revert BaseRefused();
    }
}

contract Layer is Base {
    function _check(uint256 value) internal pure override {
        if (value == 2) revert LayerRefused();
        super._check(value);
    }

    function total(uint64 a, uint64 b) external pure returns (uint64) {
        return Score.unwrap(Score.wrap(a) + Score.wrap(b));
    }
}
