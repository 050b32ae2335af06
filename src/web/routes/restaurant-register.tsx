export default function Placeholder() { return <div className="p-6">restaurant-register</div>; }
