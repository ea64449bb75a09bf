// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {MyToken} from "./MyToken.sol";

/// Keeps MyToken for its depositors: each deposit is credited to its sender, each withdrawal pays
/// the tokens back. A withdrawal pays before it debits, so one above the vault's holdings fails
/// inside MyToken, and one above the sender's own deposit fails here after the payment.
contract Vault {
    event Deposited(address indexed account, uint256 amount);
    event Withdrawn(address indexed account, uint256 amount, uint256 vaultBalance);

    MyToken public immutable token;
    mapping(address => uint256) public deposits;

    constructor(MyToken token_) {
        token = token_;
    }

    /// Takes `amount` from the sender (approved beforehand) and credits it.
    function deposit(uint256 amount) external {
        require(amount > 0, "Vault: nothing to deposit");
        token.transferFrom(msg.sender, address(this), amount);
        deposits[msg.sender] += amount;
        emit Deposited(msg.sender, amount);
    }

    /// Pays `amount` back to the sender and debits it from the sender's deposit.
    function withdraw(uint256 amount) external {
        require(amount > 0, "Vault: nothing to withdraw");
        token.transfer(msg.sender, amount);
        deposits[msg.sender] -= amount;
        emit Withdrawn(msg.sender, amount, token.balanceOf(address(this)));
    }
}
