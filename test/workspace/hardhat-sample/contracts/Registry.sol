// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Names for addresses: a contract whose calls and results use tuples, fixed arrays and bytes,
/// and which reverts with a require message, a custom error and a panic.
contract Registry {
    struct Entry {
        string name;
        address account;
        bytes4[2] tags;
    }

    error NameTaken(string name, address holder);

    event Registered(string indexed name, address indexed account, Entry entry);

    mapping(string => Entry) private entries;
    uint256[] private history;

    function register(Entry calldata entry) external {
        require(bytes(entry.name).length > 0, "Registry: empty name");
        if (entries[entry.name].account != address(0)) revert NameTaken(entry.name, entries[entry.name].account);
        entries[entry.name] = entry;
        history.push(history.length);
        emit Registered(entry.name, entry.account, entry);
    }

    function lookup(string calldata name) external view returns (Entry memory entry, bool found) {
        entry = entries[name];
        found = entry.account != address(0);
    }

    function at(uint256 index) external view returns (uint256) {
        return history[index];
    }
}
