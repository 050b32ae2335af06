export default function Placeholder() { return <div className="p-6">quick-booking</div>; }
