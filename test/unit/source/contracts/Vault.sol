// SPDX-License-Identifier: MIT
pragma solidity ^0.8.27;

import {Balances} from "./Balances.sol";

/// A vault with every kind of revert site the inferred-site finder must find.
contract Vault is Balances {
    error Unauthorized(address caller);
    error Paused();

    address public owner;
    bool public paused;
    uint256[] public history;
    uint256 public constant LIMIT = 1000;
    string private constant TOO_LARGE = "Vault: amount too large";

    constructor() {
        owner = msg.sender;
    }

    modifier onlyOwner() {
        if (msg.sender != owner) revert Unauthorized(msg.sender);
        _;
    }

    modifier whenOpen() {
        require(!paused, Paused());
        _;
    }

    function withdraw(uint256 amount) external whenOpen {
        uint256 available = balanceOf[msg.sender];
        if (amount > available) revert InsufficientBalance(available, amount);
        _move(msg.sender, address(0), amount);
    }

    function deposit(uint256 amount) external {
        require(amount > 0, "Vault: zero amount");
        require(amount <= LIMIT, TOO_LARGE);
        balanceOf[msg.sender] += amount;
        history.push(amount);
    }

    function pause() external onlyOwner {
        paused = true;
    }

    function check(uint256 x) external pure {
        assert(x != 7);
    }

    function share(uint256 total, uint256 parts) external pure returns (uint256) {
        return total / parts;
    }

    function quiet(uint256 a, uint256 b) external pure returns (uint256) {
        unchecked {
            return a - b;
        }
    }

    function entry(uint256 i) external view returns (uint256) {
        return history[i];
    }

    function settle(uint256 amount) external {
        // Both checks can produce InsufficientBalance: the finder lists both ("one of").
        if (balanceOf[msg.sender] < amount) revert InsufficientBalance(balanceOf[msg.sender], amount);
        _debit(msg.sender, amount);
    }

    function strict(uint256 a) external pure {
        if (a == 0) revert();
        require(a != 1);
    }

    function because(string calldata why) external pure {
        revert(why);
    }

    receive() external payable {
        revert Paused();
    }
}
