// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A pledge campaign in HBAR-denominated units: backers pledge toward a goal before a deadline;
/// the owner closes it once the goal is met. Its state holds every kind of storage value a
/// contract keeps (packed value types, an enum, signed numbers, short and long strings and bytes,
/// a fixed array, structs, a dynamic array of structs, mappings and a nested mapping), and its
/// views take and return amounts beyond 2^64.
contract Crowdfund {
    enum Stage {
        Open,
        Funded,
        Closed
    }

    struct Pledge {
        address backer;
        uint96 amount;
        uint32 round;
        bool refunded;
    }

    error CampaignNotOpen(Stage stage);
    error GoalNotMet(uint256 raised, uint256 goal);
    error NothingPledged();

    event Pledged(address indexed backer, uint256 amount, uint256 raised);
    event Closed(uint256 raised);

    // Packed into one slot: 20 + 1 + 1 + 8 bytes.
    address public owner;
    Stage public stage;
    bool public paused;
    uint64 public deadline;
    int128 public adjustment;
    uint128 public rounds;
    uint256 public goal;
    uint256 public raised;
    bytes4 public code;
    bytes32 public salt;
    string public title;
    string public description;
    bytes public memo;
    bytes public tag;
    uint256[3] public milestones;
    Pledge public largest;
    Pledge[] public pledges;
    address[] public backers;
    mapping(address => uint256) public pledged;
    mapping(address => mapping(uint256 => bool)) public claimed;
    mapping(uint256 => string) public notes;

    constructor(uint256 goal_, uint64 deadline_, string memory title_, string memory description_) {
        owner = msg.sender;
        deadline = deadline_;
        goal = goal_;
        adjustment = -12_345_678_901_234_567_890;
        rounds = 3;
        code = 0xcafe0001;
        salt = keccak256(bytes(title_));
        title = title_;
        description = description_;
        memo = hex"00010203040506070809101112131415161718192021222324252627282930313233343536";
        tag = hex"beef";
        milestones = [goal_ / 4, goal_ / 2, goal_];
        notes[1] = "first round opens";
    }

    /// The basis points of the goal that `amount` would make (exact for any uint256 amount).
    function shareOf(uint256 amount) external view returns (uint256 basisPoints) {
        return (amount * 10_000) / goal;
    }

    /// What the campaign would hold after `amount` more, and whether that meets the goal.
    function preview(uint256 amount) external view returns (uint256 total, bool met) {
        total = raised + amount;
        met = total >= goal;
    }

    function pledgeCount() external view returns (uint256) {
        return pledges.length;
    }

    /// Records a pledge of `amount` from the sender; reverts once the campaign is not open.
    function pledge(uint256 amount) external returns (uint256 total) {
        if (stage != Stage.Open || paused) revert CampaignNotOpen(stage);
        if (amount == 0) revert NothingPledged();
        if (pledged[msg.sender] == 0) backers.push(msg.sender);
        pledged[msg.sender] += amount;
        Pledge memory p = Pledge(msg.sender, uint96(amount), uint32(rounds), false);
        pledges.push(p);
        if (amount > largest.amount) largest = p;
        claimed[msg.sender][pledges.length - 1] = false;
        raised += amount;
        if (raised >= goal) stage = Stage.Funded;
        emit Pledged(msg.sender, amount, raised);
        return raised;
    }

    /// Marks a pledge as claimed by its backer.
    function claim(uint256 index) external {
        require(pledges[index].backer == msg.sender, "Crowdfund: not your pledge");
        claimed[msg.sender][index] = true;
    }

    /// Closes a funded campaign; reverts with what was raised while the goal is not met.
    function close() external {
        require(msg.sender == owner, "Crowdfund: only the owner");
        if (raised < goal) revert GoalNotMet(raised, goal);
        stage = Stage.Closed;
        emit Closed(raised);
    }

    function setPaused(bool paused_) external {
        require(msg.sender == owner, "Crowdfund: only the owner");
        paused = paused_;
    }
}
