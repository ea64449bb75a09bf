// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A small fungible token for Ledger Lens's decoding tests: custom errors with arguments, events
/// with indexed and data arguments, an immutable, and calls taking structs and nested arrays.
contract MyToken {
    struct Payment {
        address to;
        uint256 amount;
        string memo;
    }

    error InsufficientBalance(address account, uint256 balance, uint256 needed);
    error Unauthorized(address caller, string reason);

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event Memo(address indexed from, string text, bytes32 tag);
    event BatchPaid(address indexed from, uint256[] amounts, string[] memos);

    string public name = "My Token";
    string public symbol = "MTK";
    uint8 public immutable decimals;
    address public immutable owner;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    constructor(uint256 initialSupply, uint8 decimals_) {
        decimals = decimals_;
        owner = msg.sender;
        totalSupply = initialSupply;
        balanceOf[msg.sender] = initialSupply;
        emit Transfer(address(0), msg.sender, initialSupply);
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed < amount) revert InsufficientBalance(msg.sender, allowed, amount);
        allowance[from][msg.sender] = allowed - amount;
        _move(from, to, amount);
        return true;
    }

    /// Pays several accounts at once; each payment carries a memo.
    function payMany(Payment[] calldata payments) external returns (uint256 paid, uint256[] memory amounts) {
        amounts = new uint256[](payments.length);
        string[] memory memos = new string[](payments.length);
        for (uint256 i = 0; i < payments.length; i++) {
            _move(msg.sender, payments[i].to, payments[i].amount);
            amounts[i] = payments[i].amount;
            memos[i] = payments[i].memo;
            paid += payments[i].amount;
        }
        emit BatchPaid(msg.sender, amounts, memos);
    }

    function note(string calldata text, bytes32 tag) external {
        emit Memo(msg.sender, text, tag);
    }

    function burnAll(uint256[][] calldata groups) external {
        if (msg.sender != owner) revert Unauthorized(msg.sender, "only the owner burns");
        uint256 total;
        for (uint256 i = 0; i < groups.length; i++) {
            for (uint256 j = 0; j < groups[i].length; j++) total += groups[i][j];
        }
        _move(msg.sender, address(0), total);
    }

    function _move(address from, address to, uint256 amount) private {
        uint256 balance = balanceOf[from];
        if (balance < amount) revert InsufficientBalance(from, balance, amount);
        balanceOf[from] = balance - amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}
