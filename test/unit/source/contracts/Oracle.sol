// SPDX-License-Identifier: MIT
pragma solidity ^0.8.27;

/// A library with a public function (linked: called with DELEGATECALL) and an internal one (inlined).
library Prices {
    error StalePrice(uint256 age);

    function scaled(uint256 price, uint8 decimals) public pure returns (uint256) {
        return price * 10 ** decimals;
    }

    function fresh(uint256 updatedAt, uint256 nowAt) internal pure returns (uint256) {
        if (nowAt - updatedAt > 1 hours) revert StalePrice(nowAt - updatedAt);
        return nowAt - updatedAt;
    }
}

/// A contract with an immutable (filled in at deployment) that uses both library functions.
contract Oracle {
    uint256 public immutable decimals;
    uint256 private price;
    uint256 private updatedAt;
    string public label = unicode"prix é 😀";

    constructor(uint8 decimals_) {
        decimals = decimals_;
    }

    function set(uint256 price_) external {
        price = price_;
        updatedAt = block.timestamp;
    }

    function read() external view returns (uint256) {
        Prices.fresh(updatedAt, block.timestamp);
        return Prices.scaled(price, uint8(decimals));
    }

    function average(uint256[] calldata values) external pure returns (uint256 sum) {
        for (uint256 i = 0; i < values.length; i++) sum += values[i];
        return sum / values.length;
    }
}
